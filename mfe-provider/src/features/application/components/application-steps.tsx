import { useState, type ChangeEvent, type FormEvent } from 'react';
import { CREDENTIAL_UPLOAD_ACCEPT, DOCTOR_SPECIALTIES, MESSAGES } from '@medora/shared';
import { Field, styles } from '../../../components/ui';
import {
  EMPTY_FILES,
  STEP_TITLES,
  checkDocument,
  validateStep,
  type ApplicationFiles,
  type ApplicationForm,
  type StepId,
} from '../model/application';

export interface ApplicationStepsProps {
  steps: StepId[];
  initial: ApplicationForm;
  /** Submits form and files; resolves when done, rejects with the message to show. */
  onSubmit: (form: ApplicationForm, files: ApplicationFiles) => Promise<void>;
}

const GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'];

/** The onboarding steps (spec §5 Doctor onboarding) with their validation and a busy submit label. */
export function ApplicationSteps({ steps, initial, onSubmit }: ApplicationStepsProps) {
  const [index, setIndex] = useState(0);
  const [form, setForm] = useState<ApplicationForm>(initial);
  const [files, setFiles] = useState<ApplicationFiles>(EMPTY_FILES);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const step = steps[index]!;
  const last = index === steps.length - 1;

  const text = (key: keyof ApplicationForm) => ({
    value: form[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
    style: styles.input,
  });

  const pick = (key: keyof ApplicationFiles) => (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    const bad = chosen.map(checkDocument).find(Boolean);
    if (bad) {
      setError(bad);
      e.target.value = '';
      return;
    }
    setError(null);
    setFiles((f) => ({ ...f, [key]: Array.isArray(f[key]) ? chosen : (chosen[0] ?? null) }));
  };

  const next = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateStep(step, form, files);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    if (!last) {
      setIndex((i) => i + 1);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(form, files);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void next(e)} noValidate style={styles.card} aria-label="Doctor application">
      <ol
        aria-label="Steps"
        style={{ display: 'flex', gap: 8, listStyle: 'none', padding: 0, flexWrap: 'wrap' }}
      >
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={i === index ? 'step' : undefined}
            style={{
              padding: '0.3rem 0.7rem',
              borderRadius: 999,
              fontSize: 13,
              background: i === index ? 'var(--md-accent, #0f766e)' : i < index ? '#ccfbf1' : '#f1f5f9',
              color: i === index ? '#fff' : '#1e293b',
            }}
          >
            {i + 1}. {STEP_TITLES[s]}
          </li>
        ))}
      </ol>
      <h2>{STEP_TITLES[step]}</h2>
      {step === 'personal' && (
        <div style={styles.grid}>
          <Field label="Full name *">
            <input {...text('name')} autoComplete="name" />
          </Field>
          <Field label="Phone *">
            <input {...text('phone')} type="tel" autoComplete="tel" />
          </Field>
          <Field label="Gender *">
            <select {...text('gender')}>
              <option value="">Select…</option>
              {GENDERS.map((g) => (
                <option key={g}>{g}</option>
              ))}
            </select>
          </Field>
          <Field label="Date of birth *">
            <input {...text('dob')} type="date" />
          </Field>
        </div>
      )}
      {step === 'professional' && (
        <div style={styles.grid}>
          <Field label="Specialty *">
            {/* The spec's 16 (the server refuses any other). */}
            <select {...text('specialty')}>
              <option value="">Select…</option>
              {DOCTOR_SPECIALTIES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
          <Field label="Sub-specialties (comma-separated)">
            <input {...text('subSpecialties')} />
          </Field>
          <Field label="Qualification *">
            <input {...text('qualification')} placeholder="MD, MBBS…" />
          </Field>
          <Field label="Years of experience *">
            <input {...text('experience')} type="number" min={0} step={1} />
          </Field>
          <Field label="License number *">
            <input {...text('licenseNumber')} />
          </Field>
          <Field label="NPI number (optional)">
            <input {...text('npiNumber')} />
          </Field>
          <Field label="Bio (optional)">
            <textarea {...text('bio')} rows={3} />
          </Field>
        </div>
      )}
      {step === 'clinic' && (
        <div style={styles.grid}>
          <Field label="Clinic name *">
            <input {...text('clinic')} />
          </Field>
          <Field label="Street (optional)">
            <input {...text('street')} autoComplete="street-address" />
          </Field>
          <Field label="City *">
            <input {...text('city')} />
          </Field>
          <Field label="State *">
            <input {...text('state')} />
          </Field>
          <Field label="ZIP code (optional)">
            <input {...text('zipCode')} autoComplete="postal-code" />
          </Field>
        </div>
      )}
      {step === 'consultation' && (
        <div style={styles.grid}>
          <Field label="Consultation fee (USD) *">
            <input {...text('consultationFee')} type="number" min={0} />
          </Field>
          <Field label="Consultation duration (minutes) *">
            <input {...text('consultationDuration')} type="number" min={5} step={5} />
          </Field>
          <Field label="Languages (comma-separated) *">
            <input {...text('languages')} />
          </Field>
          <label style={{ ...styles.label, flexDirection: 'row', alignItems: 'center' }}>
            <input
              type="checkbox"
              checked={form.acceptingNewPatients}
              onChange={(e) => setForm((f) => ({ ...f, acceptingNewPatients: e.target.checked }))}
            />
            Accepting new patients
          </label>
        </div>
      )}
      {step === 'documents' && (
        <div style={styles.grid}>
          <Field label="Medical Degree *">
            <input
              type="file"
              style={styles.fileInput}
              accept={CREDENTIAL_UPLOAD_ACCEPT}
              onChange={pick('degree')}
            />
          </Field>
          <Field label="Medical License *">
            <input
              type="file"
              style={styles.fileInput}
              accept={CREDENTIAL_UPLOAD_ACCEPT}
              onChange={pick('license')}
            />
          </Field>
          <Field label="Identity Proof *">
            <input
              type="file"
              style={styles.fileInput}
              accept={CREDENTIAL_UPLOAD_ACCEPT}
              onChange={pick('identity')}
            />
          </Field>
          <Field label="Address Proof (optional)">
            <input
              type="file"
              style={styles.fileInput}
              accept={CREDENTIAL_UPLOAD_ACCEPT}
              onChange={pick('address')}
            />
          </Field>
          <Field label="Additional Certifications (optional)">
            <input
              type="file"
              style={styles.fileInput}
              accept={CREDENTIAL_UPLOAD_ACCEPT}
              multiple
              onChange={pick('certification')}
            />
          </Field>
          <Field label="Experience Letters (optional)">
            <input
              type="file"
              style={styles.fileInput}
              accept={CREDENTIAL_UPLOAD_ACCEPT}
              multiple
              onChange={pick('experience')}
            />
          </Field>
          <p style={styles.muted}>PDF, JPG or PNG, up to 10 MB each.</p>
        </div>
      )}
      {error && (
        <p role="alert" style={styles.error}>
          {error}
        </p>
      )}
      <div style={{ display: 'flex', gap: 8, marginTop: '1rem', justifyContent: 'space-between' }}>
        <button
          type="button"
          style={styles.secondary}
          disabled={index === 0 || busy}
          onClick={() => {
            setError(null);
            setIndex((i) => i - 1);
          }}
        >
          Previous
        </button>
        <button type="submit" style={styles.primary} disabled={busy}>
          {last ? (busy ? MESSAGES.submitting : 'Submit Application') : 'Next'}
        </button>
      </div>
    </form>
  );
}
