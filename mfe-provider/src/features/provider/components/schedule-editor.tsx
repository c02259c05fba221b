import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  api,
  errorMessage,
  formatMessage,
  notify,
  type ProviderScheduleInput,
} from '@medora/shared';
import { providerKeys } from '@medora/shared/query';
import { ui } from '../../../components/ui';
import css from './schedule-editor.module.css';
import { WEEK, draftFrom, toScheduleInput, type ScheduleDraft } from '../model/schedule';

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Kolkata',
  'UTC',
];

/** Weekly schedule editor: booking uses the saved schedule at once; bookings outside it stay and are listed. */
export function ScheduleEditor() {
  const queryClient = useQueryClient();
  const schedule = useQuery({ queryKey: providerKeys.schedule(), queryFn: () => api.providerSchedule() });
  const saving = useMutation({
    mutationFn: (input: ProviderScheduleInput) => api.updateProviderSchedule(input),
    onSuccess: (s) => queryClient.setQueryData(providerKeys.schedule(), s),
  });
  const saved = schedule.data ?? null;
  // The form edits a copy of the saved schedule; null until the doctor changes something.
  const [edited, setDraft] = useState<ScheduleDraft | null>(null);
  const draft = edited ?? (saved ? draftFrom(saved) : null);
  const [invalid, setError] = useState<string | null>(null);
  const error = invalid ?? (schedule.isError ? errorMessage(schedule.error) : null);
  const busy = saving.isPending;

  if (!draft)
    return error ? (
      <p role="alert" className={ui.error}>
        {error}
      </p>
    ) : (
      <p role="status">{MESSAGES.loading}</p>
    );

  const save = async () => {
    const input = toScheduleInput(draft);
    if (typeof input === 'string') {
      setError(input);
      return;
    }
    setError(null);
    try {
      await saving.mutateAsync(input);
      setDraft(null);
      notify.success(MESSAGES.scheduleSaved);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <section aria-labelledby="schedule-title" className={ui.card}>
      <h2 id="schedule-title" className={css.title}>
        {MESSAGES.scheduleTitle}
      </h2>
      <p className={ui.muted}>{MESSAGES.scheduleHint}</p>
      <div className={css.days}>
        {WEEK.map((day) => (
          <div key={day} className={css.day}>
            <label className={css.dayToggle}>
              <input
                type="checkbox"
                checked={draft.days[day] ?? false}
                onChange={(e) => setDraft({ ...draft, days: { ...draft.days, [day]: e.target.checked } })}
              />
              {day}
            </label>
            <input
              aria-label={formatMessage('scheduleDaySlots', { day })}
              value={draft.slots[day] ?? ''}
              disabled={!draft.days[day]}
              placeholder={MESSAGES.scheduleSlotsPlaceholder}
              onChange={(e) => setDraft({ ...draft, slots: { ...draft.slots, [day]: e.target.value } })}
              className={ui.input}
            />
          </div>
        ))}
        <label className={`${ui.label} ${css.zone}`}>
          {MESSAGES.scheduleTimeZone}
          <input
            list="medora-zones"
            value={draft.timeZone}
            onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}
            className={ui.input}
          />
          <datalist id="medora-zones">
            {ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </label>
      </div>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <button
        type="button"
        className={`${ui.primary} ${css.save}`}
        disabled={busy}
        onClick={() => void save()}
      >
        {busy ? MESSAGES.submitting : MESSAGES.scheduleSave}
      </button>
      {saved && saved.outsideSchedule.length > 0 && (
        <div className={css.outside}>
          <p>{MESSAGES.scheduleOutside}</p>
          <ul>
            {saved.outsideSchedule.map((a) => (
              <li key={a.id}>{a.date}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
