import { useForm } from 'react-hook-form';
import {
  errorMessage,
  formatMessage,
  MESSAGES,
  normalizePhone,
  notify,
  type Account,
  type AccountFormValues,
} from '@medora/shared';
import { accountFormSchema } from '@medora/shared/account-forms';
import { useUpdateAccount } from '../api/settings-queries';
import { zodFormResolver } from '../model/zod-resolver';
import { FormEnd, SettingsField } from './settings-field';
import css from './settings.module.css';

/** Name and phone, checked with the API's own schema; a refused value stays in the field. */
export function ProfileForm({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const { register, handleSubmit, formState, reset, setError } = useForm<AccountFormValues>({
    defaultValues: { name: account.name ?? '', phone: account.phone ?? '' },
    resolver: zodFormResolver(accountFormSchema),
  });
  const phone = register('phone');

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.name ?? '', phone: saved.phone ?? '' });
      notify.success(MESSAGES.settingsProfileSaved);
    } catch (error) {
      setError('root', { message: formatMessage('settingsSaveFailed', { message: errorMessage(error) }) });
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form className={css.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="settings-profile">
      <h2 id="settings-profile">{MESSAGES.settingsProfileTitle}</h2>
      <SettingsField label={MESSAGES.settingsNameLabel} error={formState.errors.name?.message}>
        <input className="md-input" autoComplete="name" {...register('name')} />
      </SettingsField>
      <SettingsField
        label={MESSAGES.settingsPhoneLabel}
        hint={MESSAGES.settingsPhoneHint}
        error={formState.errors.phone?.message}
      >
        <input
          className="md-input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          {...phone}
          onChange={(e) => {
            // Non-digits are stripped as the user types, at most 15 digits kept.
            e.target.value = normalizePhone(e.target.value);
            void phone.onChange(e);
          }}
        />
      </SettingsField>
      <FormEnd error={formState.errors.root?.message} busy={busy} label={MESSAGES.settingsSaveProfile} />
    </form>
  );
}
