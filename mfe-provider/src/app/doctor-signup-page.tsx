// The texts only this package uses (the message catalogue's provider area), before any module reads them.
import '@medora/shared/messages/provider';
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '@medora/shared/router';
import { useStore } from 'zustand';
import {
  MESSAGES,
  CLINICIAN_SIGNUP_LABELS,
  authStore,
  errorMessage,
  formatMessage,
  isPasswordTooShort,
  type RemotePageProps,
} from '@medora/shared';
import { doctorApplicationKeys } from '@medora/shared/query';
import { Field, ui } from '../components/ui';
import { createDoctorAccount } from '../features/application/api/create-account';
import { submitApplication } from '../features/application/api/submit-application';
import { ApplicationSteps } from '../features/application/components/application-steps';
import { ApplicationSubmitted } from '../features/application/components/submitted';
import {
  EMPTY_FORM,
  SIGNUP_STEPS,
  type ApplicationFiles,
  type ApplicationForm,
} from '../features/application/model/application';
import css from './doctor-application-pages.module.css';

/** Email and password required, password at least PASSWORD_MIN_LENGTH characters. */
export function validateAccount(email: string, password: string): string | null {
  if (!email.trim() || !password) return MESSAGES.emailPasswordRequired;
  if (isPasswordTooShort(password)) return MESSAGES.passwordTooShort;
  return null;
}

type Credentials = { email: string; password: string };

/** The account form's two inputs. */
const ACCOUNT_FIELDS = [
  { key: 'email', label: MESSAGES.emailLabel, type: 'email', autoComplete: 'email' },
  { key: 'password', label: MESSAGES.passwordLabel, type: 'password', autoComplete: 'new-password' },
] as const;

/** `/doctor-signup?role=doctor|provider`: the account, the four steps, then the submitted page. */
export default function DoctorSignupPage(_props: RemotePageProps) {
  const [params] = useSearchParams();
  const role = params.get('role') === 'provider' ? 'provider' : 'doctor';
  const queryClient = useQueryClient();
  const authReady = useStore(authStore, (s) => s.status !== 'loading');
  const [phase, setPhase] = useState<'account' | 'application' | 'submitted'>('account');
  const [account, setAccount] = useState<Credentials>({ email: '', password: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const createAccount = useMutation({
    mutationFn: ({ email, password }: Credentials) => createDoctorAccount(email, password, role),
    onSuccess: () => setPhase('application'),
  });
  const apply = useMutation({
    mutationFn: async ({ form, files }: { form: ApplicationForm; files: ApplicationFiles }) => {
      try {
        await submitApplication(createAccount.data!, account.email.trim(), form, files);
      } catch (err) {
        throw new Error(formatMessage('doctorSignupFailed', { message: errorMessage(err) }), { cause: err });
      }
      // Pending until an admin decides: 'Go to Login' starts a fresh session.
      await authStore.getState().signOut();
    },
    onSuccess: () => {
      setPhase('submitted');
      void queryClient.invalidateQueries({ queryKey: doctorApplicationKeys.all });
    },
  });

  const submitAccount = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateAccount(account.email, account.password);
    setProblem(invalid);
    if (!invalid) createAccount.mutate(account);
  };
  const error = problem ?? (createAccount.error ? errorMessage(createAccount.error) : null);

  return (
    <main className={ui.page}>
      {phase !== 'submitted' && (
        <h1>{formatMessage('doctorSignupHeading', { role: CLINICIAN_SIGNUP_LABELS[role] })}</h1>
      )}
      {phase === 'account' && (
        <form onSubmit={submitAccount} noValidate className={css.accountCard}>
          <h2>{MESSAGES.doctorSignupAccountHeading}</h2>
          <p className={ui.muted}>{MESSAGES.doctorSignupAccountIntro}</p>
          <div className={css.fields}>
            {ACCOUNT_FIELDS.map(({ key, label, type, autoComplete }) => (
              <Field key={key} label={label}>
                <input
                  type={type}
                  autoComplete={autoComplete}
                  value={account[key]}
                  onChange={(e) => setAccount((a) => ({ ...a, [key]: e.target.value }))}
                  className={ui.input}
                />
              </Field>
            ))}
          </div>
          {error && (
            <p role="alert" className={ui.error}>
              {error}
            </p>
          )}
          <button type="submit" className={css.submit} disabled={createAccount.isPending || !authReady}>
            {createAccount.isPending ? MESSAGES.submitting : MESSAGES.doctorSignupCreateAccount}
          </button>
        </form>
      )}
      {phase === 'application' && createAccount.data && (
        <ApplicationSteps
          steps={SIGNUP_STEPS}
          initial={EMPTY_FORM}
          onSubmit={(form, files) => apply.mutateAsync({ form, files })}
        />
      )}
      {phase === 'submitted' && <ApplicationSubmitted />}
    </main>
  );
}
