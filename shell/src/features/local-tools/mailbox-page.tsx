import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Auth } from 'firebase/auth';
import { errorMessage, formatMessage, MESSAGES, notify, type RuntimeConfig } from '@medora/shared';
import { applyOobLink, listOobCodes, type OobCode } from './mailbox';

const KIND: Record<string, string> = {
  VERIFY_EMAIL: MESSAGES.mailboxKindVerify,
  PASSWORD_RESET: MESSAGES.mailboxKindReset,
};

function ResetForm({ code, getAuth }: { code: OobCode; getAuth: () => Promise<Auth> }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const [auth, { confirmPasswordReset }] = await Promise.all([getAuth(), import('firebase/auth')]);
      await confirmPasswordReset(auth, code.oobCode, password);
      notify.success(formatMessage('mailboxPasswordChanged', { email: code.email }));
      setPassword('');
    } catch (error) {
      notify.error(formatMessage('mailboxFailed', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="md-row" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="md-visually-hidden">
        {formatMessage('mailboxNewPassword', { email: code.email })}
      </label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        placeholder={MESSAGES.passwordLabel}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="md-button" disabled={busy || password.length === 0}>
        {MESSAGES.mailboxSetPassword}
      </button>
    </form>
  );
}

/** `/dev/mailbox`: the emulator's verification and reset links, for trying Medora locally. */
export default function MailboxPage({
  config,
  getAuth,
}: {
  config: RuntimeConfig;
  getAuth: () => Promise<Auth>;
}) {
  const [codes, setCodes] = useState<OobCode[] | null>(null);
  const emulator = config.authEmulatorUrl;
  const refresh = useCallback(async () => {
    if (!emulator) return;
    try {
      setCodes(await listOobCodes(emulator, config.firebase.projectId));
    } catch (error) {
      notify.error(formatMessage('mailboxFailed', { message: errorMessage(error) }));
    }
  }, [emulator, config.firebase.projectId]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function verify(code: OobCode) {
    try {
      await applyOobLink(code.oobLink);
      notify.success(formatMessage('mailboxVerified', { email: code.email }));
    } catch (error) {
      notify.error(formatMessage('mailboxFailed', { message: errorMessage(error) }));
    }
  }

  return (
    <main className="md-page">
      <div className="md-row md-between">
        <h1>{MESSAGES.mailboxHeading}</h1>
        <button type="button" className="md-button" onClick={() => void refresh()}>
          {MESSAGES.mailboxRefresh}
        </button>
      </div>
      <p className="md-muted">{MESSAGES.mailboxIntro}</p>
      {codes !== null && codes.length === 0 && <p>{MESSAGES.mailboxEmpty}</p>}
      {codes && codes.length > 0 && (
        <ul className="md-mail">
          {codes.map((code) => (
            <li key={code.oobCode} className="md-mail-item">
              <div>
                <p className="md-mail-email">{code.email}</p>
                <p className="md-muted">{KIND[code.requestType] ?? code.requestType}</p>
              </div>
              {code.requestType === 'PASSWORD_RESET' ? (
                <ResetForm code={code} getAuth={getAuth} />
              ) : (
                <button type="button" className="md-button md-primary" onClick={() => void verify(code)}>
                  {MESSAGES.mailboxVerifyEmail}
                  <span className="md-visually-hidden"> {code.email}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/patient-login">{MESSAGES.backToLogin}</Link>
      </p>
    </main>
  );
}
