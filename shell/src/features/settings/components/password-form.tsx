import { useForm } from 'react-hook-form';
import { authErrorMessage, MESSAGES, notify, type ChangePasswordFormValues } from '@medora/shared';
import { changePasswordFormSchema } from '@medora/shared/account-forms';
import type { AccountAuth } from '../api/account-auth';
import { zodFormResolver } from '../model/zod-resolver';
import { FormEnd, SettingsField } from './settings-field';
import css from './settings.module.css';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Password change: re-authentication with the current password first, then the new one
 * (the shared minimum). A refused attempt keeps what was typed and says why in catalogue words.
 */
export function PasswordForm({ accountAuth }: { accountAuth: AccountAuth }) {
  const { register, handleSubmit, formState, reset, setError } = useForm<ChangePasswordFormValues>({
    defaultValues: EMPTY,
    resolver: zodFormResolver(changePasswordFormSchema),
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await accountAuth.changePassword(currentPassword, newPassword);
      reset(EMPTY);
      notify.success(MESSAGES.settingsPasswordChanged);
    } catch (error) {
      setError('root', { message: authErrorMessage('changePassword', error) });
    }
  });

  const busy = formState.isSubmitting;
  const { errors } = formState;
  return (
    <form
      className={css.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="settings-password"
    >
      <h2 id="settings-password">{MESSAGES.settingsPasswordTitle}</h2>
      <p className="md-muted">{MESSAGES.settingsPasswordIntro}</p>
      <SettingsField label={MESSAGES.settingsCurrentPassword} error={errors.currentPassword?.message}>
        <input
          className="md-input"
          type="password"
          autoComplete="current-password"
          {...register('currentPassword')}
        />
      </SettingsField>
      <SettingsField label={MESSAGES.settingsNewPassword} error={errors.newPassword?.message}>
        <input
          className="md-input"
          type="password"
          autoComplete="new-password"
          {...register('newPassword')}
        />
      </SettingsField>
      <SettingsField label={MESSAGES.settingsConfirmPassword} error={errors.confirmPassword?.message}>
        <input
          className="md-input"
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
      </SettingsField>
      <FormEnd error={errors.root?.message} busy={busy} label={MESSAGES.settingsChangePassword} />
    </form>
  );
}
