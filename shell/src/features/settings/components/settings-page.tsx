import { useMemo } from 'react';
import type { Auth } from 'firebase/auth';
import { errorMessage, formatMessage, MESSAGES } from '@medora/shared';
import { createAccountAuth, type AccountAuth } from '../api/account-auth';
import { useAccount, usePreferences } from '../api/settings-queries';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { PreferencesForm } from './preferences-form';
import { ProfileForm } from './profile-form';
import css from './settings.module.css';

export interface SettingsPageProps {
  /** The page's Firebase Auth (started on demand). */
  getAuth: () => Promise<Auth>;
  /** The local mailbox (Auth emulator only), offered after an e-mail change link is sent. */
  mailboxPath?: string;
  /** Injected in unit tests instead of Firebase. */
  accountAuth?: AccountAuth;
}

function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className={css.problem}>
      <p role="alert">{formatMessage('settingsLoadFailed', { message: errorMessage(error) })}</p>
      <button type="button" className="md-button" onClick={retry}>
        {MESSAGES.retry}
      </button>
    </div>
  );
}

/**
 * `/settings` (My account): name and phone, e-mail change with verification, password
 * change, notification preferences. Role-neutral: patients, doctors and admins alike; every change
 * acts on the signed-in account only (the API takes the owner from the token).
 */
export default function SettingsPage({ getAuth, mailboxPath, accountAuth }: SettingsPageProps) {
  const auth = useMemo(() => accountAuth ?? createAccountAuth(getAuth), [accountAuth, getAuth]);
  const account = useAccount();
  const preferences = usePreferences();

  return (
    <main className={css.page}>
      <h1>{MESSAGES.settingsTitle}</h1>
      <p className="md-muted">{MESSAGES.settingsIntro}</p>
      {account.isPending && (
        <p role="status" className={css.card}>
          {MESSAGES.settingsLoading}
        </p>
      )}
      {account.isError && <LoadFailed error={account.error} retry={() => void account.refetch()} />}
      {account.data && (
        <div className={css.sections}>
          <section className={css.card}>
            <ProfileForm account={account.data} />
          </section>
          <section className={css.card}>
            <EmailForm email={account.data.email} accountAuth={auth} mailboxPath={mailboxPath} />
          </section>
          <section className={css.card}>
            <PasswordForm accountAuth={auth} />
          </section>
          <section className={css.card}>
            {preferences.isPending && <p role="status">{MESSAGES.settingsLoading}</p>}
            {preferences.isError && (
              <LoadFailed error={preferences.error} retry={() => void preferences.refetch()} />
            )}
            {preferences.data && <PreferencesForm preferences={preferences.data} />}
          </section>
        </div>
      )}
    </main>
  );
}
