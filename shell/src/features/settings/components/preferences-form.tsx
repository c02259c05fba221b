import { useForm } from 'react-hook-form';
import {
  errorMessage,
  formatMessage,
  MESSAGES,
  notify,
  REMINDER_LEAD_HOURS,
  type NotificationPreferences,
} from '@medora/shared';
import { notificationPreferencesSchema } from '@medora/shared/account-forms';
import { useSavePreferences } from '../api/settings-queries';
import { zodFormResolver } from '../model/zod-resolver';
import { FormEnd, SettingsField } from './settings-field';
import css from './settings.module.css';

const SWITCHES = [
  ['emailBookingConfirmations', MESSAGES.settingsPrefBookingEmails],
  ['emailReminders', MESSAGES.settingsPrefReminderEmails],
  ['inAppNotifications', MESSAGES.settingsPrefInApp],
] as const;

/** Notification preferences, stored per user for the notifications to honour. */
export function PreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const save = useSavePreferences();
  const { register, handleSubmit, formState, reset, setError } = useForm<NotificationPreferences>({
    defaultValues: preferences,
    resolver: zodFormResolver(notificationPreferencesSchema),
  });

  const submit = handleSubmit(async (values) => {
    try {
      reset(await save.mutateAsync(values));
      notify.success(MESSAGES.settingsPreferencesSaved);
    } catch (error) {
      setError('root', { message: formatMessage('settingsSaveFailed', { message: errorMessage(error) }) });
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form
      className={css.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="settings-preferences"
    >
      <h2 id="settings-preferences">{MESSAGES.settingsPreferencesTitle}</h2>
      <p className="md-muted">{MESSAGES.settingsPreferencesIntro}</p>
      <fieldset className={css.switches}>
        <legend className="md-visually-hidden">{MESSAGES.settingsPreferencesTitle}</legend>
        {SWITCHES.map(([key, label]) => (
          <label key={key} className={css.switch}>
            <input type="checkbox" {...register(key)} />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <SettingsField
        label={MESSAGES.settingsPrefReminderLead}
        error={formState.errors.reminderLeadHours?.message}
      >
        <select
          className={`md-input ${css.select}`}
          {...register('reminderLeadHours', { valueAsNumber: true })}
        >
          {REMINDER_LEAD_HOURS.map((hours) => (
            <option key={hours} value={hours}>
              {formatMessage('settingsPrefLeadOption', { hours })}
            </option>
          ))}
        </select>
      </SettingsField>
      <FormEnd error={formState.errors.root?.message} busy={busy} label={MESSAGES.settingsSavePreferences} />
    </form>
  );
}
