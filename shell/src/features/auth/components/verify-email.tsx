import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@medora/shared/router';
import { authStore, formatMessage, MESSAGES, notify, toastStore } from '@medora/shared';
import { useRuntimeConfig } from '../../../model/runtime-config';
import { reloadUser, resendVerification } from '../api/auth-service';
import { fetchSession } from '../api/session';
import { authErrorMessage } from '../model/auth-errors';
import { resolveVerifiedDestination } from '../model/login-routing';
import css from './auth.module.css';

/** The 'Verify Your Email' screen: I've Verified My Email, Resend, Cancel (signs out). */
export function VerifyEmail({ email, mailboxPath }: { email: string; mailboxPath?: string }) {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // The sign-up form's errors (a refused attempt before the one that worked) are about a screen that
  // is gone: they leave with it.
  // The form that was just sent is gone: focus goes to this screen's heading, not to the page body.
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    for (const toast of toastStore.getState().toasts) if (toast.kind === 'error') notify.dismiss(toast.id);
    heading.current?.focus();
  }, []);

  async function run(task: () => Promise<void>) {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  }

  const checkVerified = () =>
    run(async () => {
      try {
        if (!(await reloadUser(config))) {
          notify.error(MESSAGES.notVerified);
          return;
        }
        const profile = await fetchSession();
        void navigate(resolveVerifiedDestination(profile.role));
      } catch (error) {
        notify.error(authErrorMessage('verify', error));
      }
    });

  const resend = () =>
    run(async () => {
      try {
        await resendVerification(config);
        notify.success(MESSAGES.verificationResent);
      } catch (error) {
        notify.error(authErrorMessage('resend', error));
      }
    });

  const cancel = () => run(() => authStore.getState().signOut());

  return (
    <section className={css.form} aria-labelledby="md-verify-heading" aria-busy={busy}>
      <h2 id="md-verify-heading" ref={heading} tabIndex={-1}>
        {MESSAGES.verifyHeading}
      </h2>
      <p>{formatMessage('verifyIntro', { email })}</p>
      <button
        type="button"
        className="md-button md-primary"
        disabled={busy}
        onClick={() => void checkVerified()}
      >
        {MESSAGES.verifiedButton}
      </button>
      <div className="md-row">
        <button type="button" className="md-button" disabled={busy} onClick={() => void resend()}>
          {MESSAGES.resendButton}
        </button>
        <button type="button" className="md-button" disabled={busy} onClick={() => void cancel()}>
          {MESSAGES.cancelButton}
        </button>
      </div>
      {mailboxPath && config.authEmulatorUrl && (
        <p className="md-muted">
          {/* A new tab, like an inbox: this screen stays open for "I've Verified My Email". */}
          <Link to={mailboxPath} target="_blank" rel="noopener">
            {MESSAGES.openMailbox}
          </Link>
        </p>
      )}
    </section>
  );
}
