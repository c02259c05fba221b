import { useState, type FormEvent } from 'react';
import { formatMessage, MESSAGES, notify } from '@medora/shared';
import { useRuntimeConfig } from '../../../model/runtime-config';
import { sendReset } from '../api/auth-service';
import { authErrorMessage, isUnknownAccountError } from '../model/auth-errors';
import { validateResetEmail } from '../model/signup-validation';
import css from './auth.module.css';
import { Field } from './field';

/** The forgot-password form: email required and must be an email. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const config = useRuntimeConfig();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateResetEmail(email);
    if (problem) {
      notify.error(problem);
      return;
    }
    setBusy(true);
    const sent = formatMessage('resetSent', { email: email.trim() });
    try {
      await sendReset(config, email);
      notify.success(sent);
    } catch (error) {
      // An unknown address reads like a known one: the form does not tell who has an account.
      if (isUnknownAccountError(error)) notify.success(sent);
      else notify.error(authErrorMessage('reset', error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={css.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
      <h2>{MESSAGES.forgotPasswordHeading}</h2>
      <p className="md-muted">{MESSAGES.forgotPasswordIntro}</p>
      <Field
        label={MESSAGES.emailLabel}
        type="email"
        required
        autoComplete="email"
        value={email}
        onValue={setEmail}
      />
      <button type="submit" className="md-button md-primary" disabled={busy}>
        {busy ? MESSAGES.working : MESSAGES.sendResetLink}
      </button>
      <button type="button" className="md-link-button" onClick={onBack}>
        {MESSAGES.backToLogin}
      </button>
    </form>
  );
}
