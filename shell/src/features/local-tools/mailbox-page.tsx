import { useId, useState, type FormEvent } from 'react';
import { Link } from '@medora/shared/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Auth } from 'firebase/auth';
import { errorMessage, formatMessage, MESSAGES, notify, type RuntimeConfig } from '@medora/shared';
import { mailboxKeys } from '@medora/shared/query';
import css from './mailbox-page.module.css';
import { applyOobLink, listOobCodes, type OobCode } from './mailbox';
import { SentMail } from './sent-mail';

function notifyFailure(error: unknown) {
  notify.error(formatMessage('mailboxFailed', { message: errorMessage(error) }));
}

const KIND: Record<string, string> = {
  VERIFY_EMAIL: MESSAGES.mailboxKindVerify,
  PASSWORD_RESET: MESSAGES.mailboxKindReset,
  VERIFY_AND_CHANGE_EMAIL: MESSAGES.mailboxKindChangeEmail,
};

function ResetForm({ code, getAuth }: { code: OobCode; getAuth: () => Promise<Auth> }) {
  const [password, setPassword] = useState('');
  const id = useId();
  const reset = useMutation({
    mutationFn: async (newPassword: string) => {
      const [auth, { confirmPasswordReset }] = await Promise.all([getAuth(), import('firebase/auth')]);
      await confirmPasswordReset(auth, code.oobCode, newPassword);
    },
    onSuccess: () => {
      notify.success(formatMessage('mailboxPasswordChanged', { email: code.email }));
      setPassword('');
    },
    onError: notifyFailure,
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    reset.mutate(password);
  }
  return (
    <form className="md-row" onSubmit={submit}>
      <label htmlFor={id} className="md-visually-hidden">
        {formatMessage('mailboxNewPassword', { email: code.email })}
      </label>
      <input
        id={id}
        className="md-input"
        type="password"
        autoComplete="new-password"
        placeholder={MESSAGES.passwordLabel}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="md-button" disabled={reset.isPending || password.length === 0}>
        {MESSAGES.mailboxSetPassword}
      </button>
    </form>
  );
}

/**
 * `/dev/mailbox`: the emulator's verification and reset links and the mails the API's SMTP
 * sink received, for trying Medora locally.
 */
export default function MailboxPage({
  config,
  getAuth,
}: {
  config: RuntimeConfig;
  getAuth: () => Promise<Auth>;
}) {
  const emulator = config.authEmulatorUrl ?? '';
  const projectId = config.firebase.projectId;
  const mail = useQuery({
    queryKey: mailboxKeys.list(emulator, projectId),
    queryFn: () => listOobCodes(emulator, projectId),
    enabled: emulator !== '',
  });
  // Verifying applies the link in the emulator; the list of mails stays as it is.
  const verify = useMutation({
    mutationFn: (code: OobCode) => applyOobLink(code.oobLink),
    onSuccess: (_, code) => notify.success(formatMessage('mailboxVerified', { email: code.email })),
    onError: notifyFailure,
  });
  const codes = mail.data;

  return (
    <main className={css.page}>
      <div className="md-row md-between">
        <h1>{MESSAGES.mailboxHeading}</h1>
        <button type="button" className="md-button" onClick={() => void mail.refetch()}>
          {MESSAGES.mailboxRefresh}
        </button>
      </div>
      <p className="md-muted">{MESSAGES.mailboxIntro}</p>
      {mail.isError && (
        <p role="alert">{formatMessage('mailboxFailed', { message: errorMessage(mail.error) })}</p>
      )}
      {codes?.length === 0 && <p>{MESSAGES.mailboxEmpty}</p>}
      {codes && codes.length > 0 && (
        <ul className={css.mail}>
          {codes.map((code) => (
            <li key={code.oobCode} className={css.item}>
              <div>
                <p className={css.email}>{code.email}</p>
                <p className="md-muted">{KIND[code.requestType] ?? code.requestType}</p>
              </div>
              {code.requestType === 'PASSWORD_RESET' ? (
                <ResetForm code={code} getAuth={getAuth} />
              ) : (
                <button type="button" className="md-button md-primary" onClick={() => verify.mutate(code)}>
                  {MESSAGES.mailboxVerifyEmail}
                  <span className="md-visually-hidden"> {code.email}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <SentMail />
      <p>
        <Link to="/patient-login">{MESSAGES.backToLogin}</Link>
      </p>
    </main>
  );
}
