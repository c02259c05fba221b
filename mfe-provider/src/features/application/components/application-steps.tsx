import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREDENTIAL_UPLOAD_ACCEPT,
  DOCTOR_SPECIALTIES,
  MESSAGES,
  formatMessage,
  subSpecialtiesOf,
  type MessageKey,
} from '@medora/shared';
import { doctorApplicationStepSchemas } from '@medora/shared/schemas';
import { Field, ui } from '../../../components/ui';
import { checkDocuments, keptSubSpecialties } from '../../../model/doctor-profile';
import {
  EMPTY_FILES,
  STEP_TITLES,
  hasRequiredDocuments,
  stepProblem,
  type ApplicationFiles,
  type ApplicationForm,
  type StepId,
} from '../model/application';
import css from './application-steps.module.css';

export interface ApplicationStepsProps {
  steps: StepId[];
  initial: ApplicationForm;
  /** Submits form and files; resolves when done, rejects with the message to show. */
  onSubmit: (form: ApplicationForm, files: ApplicationFiles) => Promise<void>;
  /**
   * A resubmission: the earlier application's documents stay on file, so no file is required (the
   * server still checks that the required ones are there).
   */
  keptDocuments?: boolean;
}

const GENDERS: MessageKey[] = [
  'applicationGenderMale',
  'applicationGenderFemale',
  'applicationGenderOther',
  'applicationGenderUndisclosed',
];

/** The documents of the Upload Documents step, in order; the lists take several files. */
const DOCUMENTS: { key: keyof ApplicationFiles; label: MessageKey; multiple?: true }[] = [
  { key: 'degree', label: 'applicationDegreeLabel' },
  { key: 'license', label: 'applicationLicenseFileLabel' },
  { key: 'identity', label: 'applicationIdentityLabel' },
  { key: 'address', label: 'applicationAddressProofLabel' },
  { key: 'certification', label: 'applicationCertificationsLabel', multiple: true },
  { key: 'experience', label: 'applicationExperienceLettersLabel', multiple: true },
];

/**
 * Each step checks its fields with the shared schema of `POST /api/doctors` (one set of
 * rules and messages for the page and the API). `raw` keeps the typed strings as the form's values.
 */
const stepResolver: Resolver<ApplicationForm, StepId> = (values, step, options) => {
  if (!step || step === 'documents') return { values, errors: {} };
  const resolve = zodResolver(doctorApplicationStepSchemas[step], undefined, { raw: true });
  return resolve(values, step, options as never) as ReturnType<Resolver<ApplicationForm, StepId>>;
};

/** The onboarding steps (docs/product.md#doctor-onboarding) with their validation and a busy submit label. */
export function ApplicationSteps({ steps, initial, onSubmit, keptDocuments = false }: ApplicationStepsProps) {
  const [index, setIndex] = useState(0);
  const [files, setFiles] = useState<ApplicationFiles>(EMPTY_FILES);
  // A refused file or a failed submission; field problems come from the form state.
  const [problem, setProblem] = useState<string | null>(null);
  // Files being checked by content (a moment each).
  const [checking, setChecking] = useState(0);
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const { register, handleSubmit, clearErrors, formState, watch, getValues, setValue } = useForm<
    ApplicationForm,
    StepId
  >({
    defaultValues: initial,
    context: step,
    resolver: stepResolver,
    // After a refused Next the fields are checked as they change, so a fixed field's message goes away;
    // focus stays on the button.
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const busy = formState.isSubmitting;
  const error =
    problem ?? stepProblem(Object.values(formState.errors).map((e) => e?.message as string | undefined));

  const text = (key: keyof ApplicationForm) => ({ ...register(key), className: ui.input });
  const field = (label: MessageKey, control: ReactNode) => <Field label={MESSAGES[label]}>{control}</Field>;

  const specialty = watch('specialty');
  const subOptions = subSpecialtiesOf(specialty);
  const specialtyField = register('specialty', {
    // Sub-specialties of another specialty are dropped when the specialty changes.
    onChange: (e: ChangeEvent<HTMLSelectElement>) =>
      setValue('subSpecialties', keptSubSpecialties(e.target.value, getValues('subSpecialties'))),
  });

  // Checked by content on selection; a refused file is named and not kept.
  const pick = (key: keyof ApplicationFiles) => async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const chosen = Array.from(input.files ?? []);
    // Submit waits until every chosen file has been read.
    setChecking((n) => n + 1);
    const bad = await checkDocuments(chosen).finally(() => setChecking((n) => n - 1));
    if (bad) {
      setProblem(bad);
      input.value = '';
      return;
    }
    setProblem(null);
    setFiles((f) => ({ ...f, [key]: Array.isArray(f[key]) ? chosen : (chosen[0] ?? null) }));
  };
  const chosenNames = (key: keyof ApplicationFiles) => {
    const value = files[key];
    return (Array.isArray(value) ? value : value ? [value] : []).map((file) => file.name);
  };

  const next = handleSubmit(async (form) => {
    if (step === 'documents' && !keptDocuments && !hasRequiredDocuments(files)) {
      setProblem(MESSAGES.doctorDocumentsRequired);
      return;
    }
    if (!last) {
      setIndex((i) => i + 1);
      return;
    }
    try {
      await onSubmit(form, files);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  });

  return (
    <form
      onSubmit={(e) => {
        setProblem(null);
        void next(e);
      }}
      noValidate
      className={ui.card}
      aria-label={MESSAGES.applicationFormLabel}
    >
      <ol aria-label={MESSAGES.applicationStepsLabel} className={css.steps}>
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={i === index ? 'step' : undefined}
            data-state={i < index ? 'done' : undefined}
            className={css.step}
          >
            {formatMessage('applicationStepLabel', { number: i + 1, title: STEP_TITLES[s] })}
          </li>
        ))}
      </ol>
      <h2>{STEP_TITLES[step]}</h2>
      {step === 'personal' && (
        <div className={ui.grid}>
          {field('applicationNameLabel', <input {...text('name')} autoComplete="name" />)}
          {field('applicationPhoneLabel', <input {...text('phone')} type="tel" autoComplete="tel" />)}
          {field(
            'applicationGenderLabel',
            <select {...text('gender')}>
              <option value="">{MESSAGES.applicationSelectPlaceholder}</option>
              {GENDERS.map((g) => (
                <option key={g}>{MESSAGES[g]}</option>
              ))}
            </select>,
          )}
          {field('applicationDobLabel', <input {...text('dob')} type="date" />)}
        </div>
      )}
      {step === 'professional' && (
        <div className={ui.grid}>
          {field(
            'applicationSpecialtyLabel',
            // The spec's 16 (the server refuses any other).
            <select {...specialtyField} className={ui.input}>
              <option value="">{MESSAGES.applicationSelectPlaceholder}</option>
              {DOCTOR_SPECIALTIES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>,
          )}
          <fieldset className={css.choices}>
            <legend>{MESSAGES.applicationSubSpecialtiesPicker}</legend>
            {subOptions.length === 0 && <p className={ui.muted}>{MESSAGES.applicationSubSpecialtiesNone}</p>}
            {subOptions.map((option) => (
              <label key={option} className={css.choice}>
                <input type="checkbox" value={option} {...register('subSpecialties')} />
                {option}
              </label>
            ))}
          </fieldset>
          {field(
            'applicationQualificationLabel',
            <input {...text('qualification')} placeholder={MESSAGES.applicationQualificationPlaceholder} />,
          )}
          {field(
            'applicationExperienceLabel',
            <input {...text('experience')} type="number" min={0} step={1} />,
          )}
          {field('applicationLicenseLabel', <input {...text('licenseNumber')} />)}
          {field('applicationNpiLabel', <input {...text('npiNumber')} />)}
          {field('applicationBioLabel', <textarea {...text('bio')} rows={3} />)}
        </div>
      )}
      {step === 'clinic' && (
        <div className={ui.grid}>
          {field('applicationClinicLabel', <input {...text('clinic')} />)}
          {field('applicationStreetLabel', <input {...text('street')} autoComplete="street-address" />)}
          {field('applicationCityLabel', <input {...text('city')} />)}
          {field('applicationStateLabel', <input {...text('state')} />)}
          {field('applicationZipLabel', <input {...text('zipCode')} autoComplete="postal-code" />)}
        </div>
      )}
      {step === 'consultation' && (
        <div className={ui.grid}>
          {field('applicationFeeLabel', <input {...text('consultationFee')} type="number" min={0} />)}
          {field(
            'applicationDurationLabel',
            <input {...text('consultationDuration')} type="number" min={5} step={5} />,
          )}
          {field('applicationLanguagesLabel', <input {...text('languages')} />)}
          <label className={css.checkbox}>
            <input type="checkbox" {...register('acceptingNewPatients')} />
            {MESSAGES.applicationAcceptingLabel}
          </label>
        </div>
      )}
      {step === 'documents' && keptDocuments && (
        <p className={css.kept}>{MESSAGES.applicationDocumentsKept}</p>
      )}
      {step === 'documents' && (
        <div className={ui.grid}>
          {DOCUMENTS.map(({ key, label, multiple }) => (
            <div key={key}>
              <Field label={MESSAGES[label]}>
                <input
                  type="file"
                  className={ui.fileInput}
                  accept={CREDENTIAL_UPLOAD_ACCEPT}
                  multiple={multiple}
                  onChange={(e) => void pick(key)(e)}
                />
              </Field>
              {/* What is kept for the submit, also after a failed one or a step back. */}
              {chosenNames(key).length > 0 && (
                <p className={css.chosen} data-testid={`chosen-${key}`}>
                  {formatMessage('applicationChosenFiles', { names: chosenNames(key).join(', ') })}
                </p>
              )}
            </div>
          ))}
          <p className={ui.muted}>{MESSAGES.applicationFilesHint}</p>
        </div>
      )}
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <div className={css.actions}>
        <button
          type="button"
          className={ui.secondary}
          disabled={index === 0 || busy}
          onClick={() => {
            setProblem(null);
            clearErrors();
            setIndex((i) => i - 1);
          }}
        >
          {MESSAGES.previousButton}
        </button>
        <button type="submit" className={ui.primary} disabled={busy || checking > 0}>
          {last ? (busy ? MESSAGES.submitting : MESSAGES.applicationSubmit) : MESSAGES.nextButton}
        </button>
      </div>
    </form>
  );
}
