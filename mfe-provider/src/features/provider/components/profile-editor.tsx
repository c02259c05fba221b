import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import {
  DOCTOR_SPECIALTIES,
  MESSAGES,
  PROFILE_REVIEW_FIELDS,
  api,
  authStore,
  errorMessage,
  formatMessage,
  notify,
  withoutFinalStop,
  subSpecialtiesOf,
  type DoctorProfileForm,
  type DoctorProfileUpdate,
  type DoctorRecord,
  type MessageKey,
} from '@medora/shared';
import { doctorApplicationKeys, doctorKeys, providerKeys } from '@medora/shared/query';
import { ConfirmDecisionDialog } from '@medora/shared/ui';
import { Field, ui } from '../../../components/ui';
import { keptSubSpecialties, profileForm } from '../../../model/doctor-profile';
import { pendingLines, reviewedFieldsOf } from '../../../model/change-request-text';
import { profileUpdate } from '../model/profile';
import { useOwnDoctorRecord } from '../api/queries';
import css from './profile-editor.module.css';

/**
 * The form's check, `doctorProfileFormSchema` of `@medora/shared/schemas`, loaded with zod when the
 * doctor first edits or saves: parsing zod's schemas was one of the dashboard's longest tasks on a
 * phone, for a form below the first screen (docs/performance.md).
 */
const profileResolver: Resolver<DoctorProfileForm> = async (values, context, options) => {
  const [{ zodResolver }, { doctorProfileFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@medora/shared/schemas'),
  ]);
  return zodResolver(doctorProfileFormSchema, undefined, { raw: true })(values, context, options);
};

/**
 * The approved doctor's profile (clinic and address, fee, duration, languages, bio,
 * accepting new patients, saved at once; specialty and licence number too, which an admin reviews
 * first: the doctor confirms, and the pending change is shown until decided). Only the changed fields
 * are sent to `PATCH /api/doctors/{uid}/profile`.
 */
export function ProfileEditor() {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const record = useOwnDoctorRecord();
  if (record.isError)
    return (
      <p role="alert" className={ui.error}>
        {errorMessage(record.error)}
      </p>
    );
  if (!record.data || !uid) return <p role="status">{MESSAGES.loading}</p>;
  return <ProfileForm uid={uid} record={record.data} />;
}

/** The doctor's pending change request (what waits for review), or why the last one was refused. */
function ChangeRequestNote({ uid }: { uid: string }) {
  const latest = useQuery({
    queryKey: doctorApplicationKeys.changeRequest(uid),
    queryFn: async () => (await api.doctorChangeRequest(uid)).request,
  });
  const request = latest.data;
  if (latest.isError)
    return (
      <p role="alert" className={ui.error}>
        {errorMessage(latest.error)}
      </p>
    );
  if (!request || request.status === 'approved') return null;
  if (request.status === 'rejected')
    return (
      <p className={css.rejected}>
        {formatMessage('profileChangeRejected', { reason: withoutFinalStop(request.reason ?? '') })}
      </p>
    );
  return (
    // Each line starts 'Pending review:', so the box is named rather than titled twice.
    <section className={css.pending} aria-label={MESSAGES.profileChangePendingTitle}>
      <ul className={css.pendingList}>
        {pendingLines(request).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

function ProfileForm({ uid, record }: { uid: string; record: DoctorRecord }) {
  const queryClient = useQueryClient();
  const initial = profileForm(record);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** An edit of the licence number or specialty, waiting for the doctor's confirmation. */
  const [confirming, setConfirming] = useState<{ input: DoctorProfileUpdate; fields: string } | null>(null);
  const { register, handleSubmit, formState, watch, getValues, setValue, reset } = useForm<DoctorProfileForm>(
    {
      defaultValues: initial,
      resolver: profileResolver,
      shouldFocusError: false,
    },
  );
  const save = useMutation({
    mutationFn: (input: DoctorProfileUpdate) => api.updateDoctorProfile(uid, input),
    onSuccess: (res) => {
      queryClient.setQueryData(doctorApplicationKeys.own(uid), res.data);
      queryClient.setQueryData(doctorApplicationKeys.changeRequest(uid), res.changeRequest);
      reset(profileForm(res.data));
      // A change sent for review is said next to the form (it stays); a plain save is one toast.
      if (res.changeRequest) setStatus(MESSAGES.profileChangeRequested);
      else notify.success(MESSAGES.profileSaved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: doctorKeys.all }),
        queryClient.invalidateQueries({ queryKey: providerKeys.all }),
      ]);
    },
  });

  const specialty = watch('specialty');
  const reviewChange = PROFILE_REVIEW_FIELDS.some((key) => formState.dirtyFields[key]);
  const errors = Object.values(formState.errors).map((e) => e?.message as string | undefined);
  const error = problem ?? errors.find(Boolean) ?? null;
  const text = (key: keyof DoctorProfileForm) => ({ ...register(key), className: ui.input });
  const field = (label: MessageKey, control: ReactNode) => <Field label={MESSAGES[label]}>{control}</Field>;

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    const input = profileUpdate(initial, values);
    if (!input) {
      setProblem(MESSAGES.profileNoChanges);
      return;
    }
    const fields = reviewedFieldsOf(input);
    if (fields) {
      setConfirming({ input, fields });
      return;
    }
    try {
      await save.mutateAsync(input);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  });

  return (
    <section className={`${ui.card} ${css.editor}`} aria-labelledby="profile-editor-title">
      <h2 id="profile-editor-title">{MESSAGES.profileEditorTitle}</h2>
      <p className={ui.muted}>{MESSAGES.profileEditorIntro}</p>
      <ChangeRequestNote uid={uid} />
      <form
        noValidate
        onSubmit={(e) => {
          setProblem(null);
          void submit(e);
        }}
      >
        <div className={ui.grid}>
          {field(
            'applicationSpecialtyLabel',
            <select
              {...register('specialty', {
                onChange: (e: ChangeEvent<HTMLSelectElement>) =>
                  setValue(
                    'subSpecialties',
                    keptSubSpecialties(e.target.value, getValues('subSpecialties')),
                    {
                      shouldDirty: true,
                    },
                  ),
              })}
              className={ui.input}
            >
              {DOCTOR_SPECIALTIES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>,
          )}
          {field('applicationLicenseLabel', <input {...text('licenseNumber')} />)}
          <fieldset className={css.choices}>
            <legend>{MESSAGES.applicationSubSpecialtiesPicker}</legend>
            {subSpecialtiesOf(specialty).map((option) => (
              <label key={option} className={css.choice}>
                <input type="checkbox" value={option} {...register('subSpecialties')} />
                {option}
              </label>
            ))}
          </fieldset>
          {field('applicationClinicLabel', <input {...text('clinic')} />)}
          {field('applicationStreetLabel', <input {...text('street')} autoComplete="street-address" />)}
          {field('applicationCityLabel', <input {...text('city')} />)}
          {field('applicationStateLabel', <input {...text('state')} />)}
          {field('applicationZipLabel', <input {...text('zipCode')} autoComplete="postal-code" />)}
          {field('applicationFeeLabel', <input {...text('consultationFee')} type="number" min={0} />)}
          {field(
            'applicationDurationLabel',
            <input {...text('consultationDuration')} type="number" min={5} step={5} />,
          )}
          {field('applicationLanguagesLabel', <input {...text('languages')} />)}
          {field('applicationBioLabel', <textarea {...text('bio')} rows={3} />)}
          <label className={css.checkbox}>
            <input type="checkbox" {...register('acceptingNewPatients')} />
            {MESSAGES.applicationAcceptingLabel}
          </label>
        </div>
        {reviewChange && <p className={css.warning}>{MESSAGES.profileReviewWarning}</p>}
        {error && (
          <p role="alert" className={ui.error}>
            {error}
          </p>
        )}
        {status && (
          <p role="status" className={css.status}>
            {status}
          </p>
        )}
        <div className={css.actions}>
          <button type="submit" className={ui.primary} disabled={save.isPending}>
            {save.isPending ? MESSAGES.profileSaving : MESSAGES.profileSaveButton}
          </button>
        </div>
      </form>
      {confirming && (
        <ConfirmDecisionDialog
          title={MESSAGES.profileChangeConfirmTitle}
          message={formatMessage('profileChangeConfirmMessage', { fields: confirming.fields })}
          confirmLabel={MESSAGES.profileChangeConfirm}
          busyLabel={MESSAGES.profileChangeSending}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            // A refusal (400, 403) stays inside the dialog, which shows it.
            await save.mutateAsync(confirming.input);
            setConfirming(null);
          }}
        />
      )}
    </section>
  );
}
