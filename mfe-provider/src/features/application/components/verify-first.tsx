import { useState } from 'react';
import { getApp } from 'firebase/app';
import { getAuth, sendEmailVerification } from 'firebase/auth';
import { MESSAGES, authErrorMessage, authStore, formatMessage, notify } from '@medora/shared';
import { ui } from '../../../components/ui';
import css from './verify-first.module.css';

/**
 * Before step 1, for an applicant whose e-mail is not verified yet: the API takes documents and the
 * application only from a verified address, so they are told now (not by a failed upload at the end),
 * with the link sent again on request and a check once they have opened it.
 */
export function VerifyFirst({ email }: { email: string | null }) {
  const [busy, setBusy] = useState(false);
  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };
  const resend = () =>
    run(async () => {
      try {
        const user = getAuth(getApp()).currentUser;
        if (user) await sendEmailVerification(user);
        notify.success(MESSAGES.verificationResent);
      } catch (error) {
        notify.error(authErrorMessage('resend', error));
      }
    });
  // A fresh token carries the verified address; the shell's listener then updates the auth store.
  const check = () =>
    run(async () => {
      await authStore.getState().getIdToken(true);
      if (!getAuth(getApp()).currentUser?.emailVerified) notify.error(MESSAGES.notVerified);
    });
  return (
    <section aria-labelledby="md-verify-first-title" className={`${ui.card} ${css.notice}`}>
      <h2 id="md-verify-first-title">{MESSAGES.applicationVerifyFirstHeading}</h2>
      <p>{formatMessage('applicationVerifyFirst', { email: email ?? '' })}</p>
      <div className={css.actions} aria-busy={busy || undefined}>
        <button type="button" className={ui.secondary} disabled={busy} onClick={() => void resend()}>
          {MESSAGES.applicationVerifyResend}
        </button>
        <button type="button" className={ui.primary} disabled={busy} onClick={() => void check()}>
          {MESSAGES.applicationVerifyDone}
        </button>
      </div>
    </section>
  );
}
