import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@medora/shared/router';
import {
  authErrorMessage,
  formatMessage,
  MESSAGES,
  notify,
  type ChangeEmailFormValues,
} from '@medora/shared';
import { changeEmailFormSchema } from '@medora/shared/account-forms';
import type { AccountAuth } from '../api/account-auth';
import { zodFormResolver } from '../model/zod-resolver';
import { FormEnd, SettingsField } from './settings-field';
import css from './settings.module.css';

/**
 * E-mail change with verification: re-authentication first, then a link to the new
 * address. Nothing changes until the link is opened; the API then follows the new verified token.
 */
export function EmailForm({
  email,
  accountAuth,
  mailboxPath,
}: {
  email: string | null;
  accountAuth: AccountAuth;
  /** The local mailbox (Auth emulator only), where the link can be opened. */
  mailboxPath?: string;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const resolver = useMemo(() => zodFormResolver(changeEmailFormSchema(email)), [email]);
  const { register, handleSubmit, formState, reset, setError } = useForm<ChangeEmailFormValues>({
    defaultValues: { newEmail: '', currentPassword: '' },
    resolver,
  });

  const submit = handleSubmit(async ({ newEmail, currentPassword }) => {
    try {
      await accountAuth.requestEmailChange(currentPassword, newEmail);
      reset({ newEmail: '', currentPassword: '' });
      setSentTo(newEmail);
      notify.success(formatMessage('settingsEmailLinkSent', { email: newEmail }));
    } catch (error) {
      setError('root', { message: authErrorMessage('changeEmail', error) });
    }
  });

  const busy = formState.isSubmitting;
  const { errors } = formState;
  return (
    <form className={css.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="settings-email">
      <h2 id="settings-email">{MESSAGES.settingsEmailTitle}</h2>
      <p>
        {MESSAGES.settingsEmailCurrent} <strong className={css.email}>{email}</strong>
      </p>
      <p className="md-muted">{MESSAGES.settingsEmailIntro}</p>
      <SettingsField label={MESSAGES.settingsNewEmail} error={errors.newEmail?.message}>
        <input className="md-input" type="email" autoComplete="email" {...register('newEmail')} />
      </SettingsField>
      <SettingsField label={MESSAGES.settingsCurrentPassword} error={errors.currentPassword?.message}>
        <input
          className="md-input"
          type="password"
          autoComplete="current-password"
          {...register('currentPassword')}
        />
      </SettingsField>
      {sentTo && (
        <p role="status" className={css.notice}>
          {formatMessage('settingsEmailLinkSent', { email: sentTo })}{' '}
          {mailboxPath && (
            <Link to={mailboxPath} target="_blank" rel="noopener">
              {MESSAGES.openMailbox}
            </Link>
          )}
        </p>
      )}
      <FormEnd error={errors.root?.message} busy={busy} label={MESSAGES.settingsSendEmailLink} />
    </form>
  );
}
