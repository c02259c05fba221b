// The texts only this package uses (the message catalogue's shell area), before any module reads them.
import '@medora/shared/messages/shell';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@medora/shared/router';
import { useMutation } from '@tanstack/react-query';
import { useStore } from 'zustand';
import {
  api,
  authStore,
  CLINICIAN_SIGNUP_LABELS,
  formatMessage,
  MESSAGES,
  notify,
  type SignupRole,
} from '@medora/shared';
import { queryClient, sessionKeys } from '@medora/shared/query';
import { useRuntimeConfig } from '../../../model/runtime-config';
import { signIn, signUp } from '../api/auth-service';
import { ensureRegistered, lookupDoctor, lookupPatient } from '../api/session';
import { authErrorMessage } from '../model/auth-errors';
import { noticeText, roleCardNotice } from '../model/login-notice';
import { routeAfterLogin } from '../model/login-routing';
import { normalizePhone, validateLogin, validateSignup } from '../model/signup-validation';
import { arrivesViaDoctor, isViaDoctor, rememberViaDoctor } from '../model/via-doctor';
import css from './auth.module.css';
import { Field } from './field';
import { ForgotPasswordForm } from './forgot-password-form';
import { RoleChoice } from './role-choice';
import { VerifyEmail } from './verify-email';

/** Signs in through a local-only path (the emulator's demo accounts); true when it handled the input. */
export type LocalSignIn = (email: string, password: string) => Promise<boolean>;

export interface LoginPageProps {
  /** `/provider-login` preselects Healthcare Provider. */
  initialRole?: SignupRole;
  /** Composed in by the router only in builds with local tools. */
  localSignIn?: LocalSignIn;
  mailboxPath?: string;
}

type Mode = 'login' | 'signup';

/** The inputs' autofill hints per mode: a password manager fills a sign-in and offers a new password. */
const INPUTS = {
  login: {
    email: { type: 'email', autoComplete: 'username' },
    password: { type: 'password', autoComplete: 'current-password' },
  },
  signup: {
    email: { type: 'email', autoComplete: 'email' },
    password: { type: 'password', autoComplete: 'new-password' },
  },
} as const;

/** `/patient-login` and `/provider-login`. */
export function LoginPage({ initialRole = 'patient', localSignIn, mailboxPath }: LoginPageProps) {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  // Why the user is here, e.g. signed out after inactivity (set by whoever navigated to this page).
  const notice = noticeText(state);
  const user = useStore(authStore, (s) => s.user);
  const [role, setRole] = useState<SignupRole>(initialRole);
  const [mode, setMode] = useState<Mode>('login');
  const [forgot, setForgot] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  // The user record of a new account (POST /api/users); the session (GET /api/me) then says registered.
  const createUser = useMutation({
    mutationFn: api.createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });

  const uid = user?.uid ?? null;
  useEffect(() => {
    if (arrivesViaDoctor(search)) rememberViaDoctor(uid);
  }, [search, uid]);

  /**
   * After any sign-in: the server's role decides (docs/product.md#login-routing). With the card chosen
   * on this page, the next screen says so when the account signs in elsewhere.
   */
  async function continueSignedIn(chosen?: SignupRole) {
    const profile = await ensureRegistered(role);
    const destination = await routeAfterLogin({
      uid: profile.uid,
      role: profile.role,
      access: profile.access,
      viaDoctor: isViaDoctor(profile.uid),
      lookupDoctor,
      lookupPatient,
    });
    void navigate(destination, { state: chosen ? roleCardNotice(chosen, profile.role) : null });
  }

  async function login() {
    const problem = validateLogin({ email, password });
    if (problem) {
      notify.error(problem);
      return;
    }
    if (localSignIn && (await localSignIn(email, password))) {
      await continueSignedIn(role);
      return;
    }
    const signedIn = await signIn(config, email, password);
    setPassword('');
    // An unverified account stays on this page: the verify screen appears (user.emailVerified false).
    if (signedIn.emailVerified) await continueSignedIn(role);
  }

  async function signup() {
    const problem = validateSignup({ email, password, phone });
    if (problem) {
      notify.error(problem);
      return;
    }
    let uid: string;
    try {
      uid = (await signUp(config, email, password)).uid;
    } catch (error) {
      notify.error(authErrorMessage('signup', error));
      return;
    }
    setPassword('');
    const digits = normalizePhone(phone);
    await createUser.mutateAsync({ uid, role, ...(digits ? { phone: digits } : {}) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      if (mode === 'login') await login();
      else await signup();
    } catch (error) {
      notify.error(authErrorMessage(mode === 'login' ? 'login' : 'signup', error));
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (user && !user.emailVerified && !busy) {
    body = <VerifyEmail email={user.email ?? ''} mailboxPath={mailboxPath} />;
  } else if (user && !busy) {
    body = (
      <section className={css.form}>
        <p data-testid="signed-in-email">{formatMessage('signedInAs', { email: user.email ?? '' })}</p>
        <button
          type="button"
          className="md-button md-primary"
          onClick={() => {
            setBusy(true);
            continueSignedIn()
              .catch((error: unknown) => notify.error(authErrorMessage('login', error)))
              .finally(() => setBusy(false));
          }}
        >
          {MESSAGES.continueButton}
        </button>
        <button type="button" className="md-button" onClick={() => void authStore.getState().signOut()}>
          {MESSAGES.signOut}
        </button>
      </section>
    );
  } else if (forgot) {
    body = <ForgotPasswordForm initialEmail={email} onBack={() => setForgot(false)} />;
  } else {
    body = (
      <>
        <RoleChoice value={role} onChange={setRole} />
        {role !== 'patient' && (
          <p className={css.apply} data-testid="doctor-signup-prompt">
            <span>{MESSAGES.doctorSignupPrompt}</span>
            <Link to={`/doctor-signup?role=${role}`}>
              {formatMessage('doctorSignupHeading', { role: CLINICIAN_SIGNUP_LABELS[role] })}
            </Link>
            <span className="md-muted">{MESSAGES.doctorSignupVerifyFirst}</span>
          </p>
        )}
        <div className={css.switch} role="group" aria-label={MESSAGES.authModeLabel}>
          <button type="button" aria-pressed={mode === 'login'} onClick={() => setMode('login')}>
            {MESSAGES.loginTab}
          </button>
          <button type="button" aria-pressed={mode === 'signup'} onClick={() => setMode('signup')}>
            {MESSAGES.signupTab}
          </button>
        </div>
        <form className={css.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
          <Field label={MESSAGES.emailLabel} {...INPUTS[mode].email} value={email} onValue={setEmail} />
          <Field
            label={MESSAGES.passwordLabel}
            {...INPUTS[mode].password}
            value={password}
            onValue={setPassword}
          />
          {mode === 'signup' && role === 'patient' && (
            <Field
              label={MESSAGES.phoneLabel}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              value={phone}
              onValue={(value) => setPhone(normalizePhone(value))}
            />
          )}
          <button type="submit" className="md-button md-primary" disabled={busy}>
            {busy ? MESSAGES.working : mode === 'login' ? MESSAGES.signIn : MESSAGES.createAccount}
          </button>
          {mode === 'login' && (
            <button type="button" className="md-link-button" onClick={() => setForgot(true)}>
              {MESSAGES.forgotPasswordLink}
            </button>
          )}
        </form>
      </>
    );
  }

  return (
    <main className={css.auth}>
      <div className={css.card}>
        <h1>{MESSAGES.loginHeading}</h1>
        <p className="md-muted">{MESSAGES.loginIntro}</p>
        {notice && (
          <p role="alert" data-testid="login-notice" className={css.notice}>
            {notice}
          </p>
        )}
        {body}
      </div>
    </main>
  );
}
