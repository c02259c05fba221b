import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import {
  MESSAGES,
  ROLE_LABELS,
  authStore,
  errorMessage,
  formatMessage,
  isPasswordTooShort,
  type RemotePageProps,
} from '@medora/shared';
import { Field, styles } from '../components/ui';
import { createDoctorAccount } from '../features/application/api/create-account';
import { submitApplication } from '../features/application/api/submit-application';
import { ApplicationSteps } from '../features/application/components/application-steps';
import { ApplicationSubmitted } from '../features/application/components/submitted';
import { EMPTY_FORM, SIGNUP_STEPS } from '../features/application/model/application';

/** Spec §5 Sign-up: email and password required, password at least PASSWORD_MIN_LENGTH characters. */
export function validateAccount(email: string, password: string): string | null {
  if (!email.trim() || !password) return MESSAGES.emailPasswordRequired;
  if (isPasswordTooShort(password)) return MESSAGES.passwordTooShort;
  return null;
}

/** `/doctor-signup?role=doctor|provider` (spec §2): the account, the four steps, then the submitted page. */
export default function DoctorSignupPage(_props: RemotePageProps) {
  const [params] = useSearchParams();
  const role = params.get('role') === 'provider' ? 'provider' : 'doctor';
  const authReady = useStore(authStore, (s) => s.status !== 'loading');
  const [phase, setPhase] = useState<'account' | 'application' | 'submitted'>('account');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [uid, setUid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const createAccount = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateAccount(email, password);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setUid(await createDoctorAccount(email, password, role));
      setPhase('application');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main style={styles.page}>
      {phase !== 'submitted' && <h1>{ROLE_LABELS[role]} sign up</h1>}
      {phase === 'account' && (
        <form onSubmit={(e) => void createAccount(e)} noValidate style={{ ...styles.card, maxWidth: 420 }}>
          <h2>Create your account</h2>
          <p style={styles.muted}>Then tell us about your practice in four short steps.</p>
          <div style={{ display: 'grid', gap: '0.75rem' }}>
            <Field label={MESSAGES.emailLabel}>
              <input
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                style={styles.input}
              />
            </Field>
            <Field label={MESSAGES.passwordLabel}>
              <input
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                style={styles.input}
              />
            </Field>
          </div>
          {error && (
            <p role="alert" style={styles.error}>
              {error}
            </p>
          )}
          <button
            type="submit"
            style={{ ...styles.primary, marginTop: '1rem' }}
            disabled={busy || !authReady}
          >
            {busy ? MESSAGES.submitting : 'Create Account & Continue'}
          </button>
        </form>
      )}
      {phase === 'application' && uid && (
        <ApplicationSteps
          steps={SIGNUP_STEPS}
          initial={EMPTY_FORM}
          onSubmit={async (form, files) => {
            try {
              await submitApplication(uid, email.trim(), form, files);
            } catch (err) {
              throw new Error(formatMessage('doctorSignupFailed', { message: errorMessage(err) }), {
                cause: err,
              });
            }
            // Pending until an admin decides: 'Go to Login' starts a fresh session (spec §2).
            await authStore.getState().signOut();
            setPhase('submitted');
          }}
        />
      )}
      {phase === 'submitted' && <ApplicationSubmitted />}
    </main>
  );
}
