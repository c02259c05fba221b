import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  SLOT_LENGTHS,
  api,
  errorMessage,
  formatMessage,
  formatSlot,
  hasWeeklyHours,
  notify,
  parseAppointmentDate,
  type ProviderScheduleInput,
} from '@medora/shared';
import { providerKeys } from '@medora/shared/query';
import { ui } from '../../../components/ui';
import css from './schedule-editor.module.css';
import {
  WEEK,
  draftFrom,
  slotPreview,
  toScheduleInput,
  type DayDraft,
  type ScheduleDraft,
} from '../model/schedule';
import { useProviderSchedule } from '../api/queries';
import { ScheduleExceptions } from './schedule-exceptions';

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Kolkata',
  'UTC',
];

/** A time of day with its visible label and the name that says which day and field it is. */
function TimeField({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (time: string) => void;
}) {
  return (
    <label className={ui.label}>
      {label}
      <input
        type="time"
        aria-label={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={ui.input}
      />
    </label>
  );
}

/** One weekday: open toggle, hours, slot length, breaks and what they generate. */
function DayRow({ day, value, onChange }: { day: string; value: DayDraft; onChange: (d: DayDraft) => void }) {
  const id = `schedule-${day}`;
  const setBreak = (index: number, change: Partial<DayDraft['breaks'][number]>) =>
    onChange({ ...value, breaks: value.breaks.map((b, j) => (j === index ? { ...b, ...change } : b)) });
  return (
    <fieldset className={value.open ? css.day : `${css.day} ${css.closedDay}`} aria-labelledby={`${id}-name`}>
      <label className={css.dayToggle}>
        <input
          type="checkbox"
          checked={value.open}
          aria-label={formatMessage('scheduleDayOpen', { day })}
          onChange={(e) => onChange({ ...value, open: e.target.checked })}
        />
        <span id={`${id}-name`}>{day}</span>
      </label>
      {value.open ? (
        <div className={css.dayFields}>
          <TimeField
            label={MESSAGES.scheduleStart}
            name={formatMessage('scheduleDayStart', { day })}
            value={value.start}
            onChange={(start) => onChange({ ...value, start })}
          />
          <TimeField
            label={MESSAGES.scheduleEnd}
            name={formatMessage('scheduleDayEnd', { day })}
            value={value.end}
            onChange={(end) => onChange({ ...value, end })}
          />
          <label className={ui.label}>
            {MESSAGES.scheduleSlotLength}
            <select
              aria-label={formatMessage('scheduleDayLength', { day })}
              value={value.slotMinutes}
              onChange={(e) => onChange({ ...value, slotMinutes: Number(e.target.value) })}
              className={ui.input}
            >
              {SLOT_LENGTHS.map((n) => (
                <option key={n} value={n}>
                  {formatMessage('scheduleSlotMinutes', { count: n })}
                </option>
              ))}
            </select>
          </label>
          {value.breaks.map((b, i) => (
            <div key={i} className={css.breakRow}>
              <TimeField
                label={MESSAGES.scheduleBreaks}
                name={formatMessage('scheduleBreakStart', { day })}
                value={b.start}
                onChange={(start) => setBreak(i, { start })}
              />
              <TimeField
                label={MESSAGES.scheduleEnd}
                name={formatMessage('scheduleBreakEnd', { day })}
                value={b.end}
                onChange={(end) => setBreak(i, { end })}
              />
              <button
                type="button"
                className={`${ui.secondary} ${css.touch}`}
                aria-label={formatMessage('scheduleRemoveBreak', { start: b.start, end: b.end, day })}
                onClick={() => onChange({ ...value, breaks: value.breaks.filter((_, j) => j !== i) })}
              >
                ×
              </button>
            </div>
          ))}
          <button
            type="button"
            className={`${ui.secondary} ${css.touch}`}
            onClick={() =>
              onChange({ ...value, breaks: [...value.breaks, { start: '12:00', end: '13:00' }] })
            }
          >
            {MESSAGES.scheduleAddBreak}
          </button>
          <p className={`${ui.muted} ${css.preview}`} aria-live="polite">
            {slotPreview(value)}
          </p>
        </div>
      ) : (
        <p className={`${ui.muted} ${css.closedText}`}>{MESSAGES.scheduleDayClosed}</p>
      )}
    </fieldset>
  );
}

/**
 * Weekly hours per weekday that generate the slots, date exceptions and the clinic zone.
 * Booking uses the saved schedule at once; bookings outside it stay and are listed. On the
 * dashboard it waits while the schedule is empty: the first-hours step shows it first (`firstHours`).
 */
export function ScheduleEditor({ firstHours = false }: { firstHours?: boolean }) {
  const queryClient = useQueryClient();
  const schedule = useProviderSchedule();
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

  if (!firstHours && saved && !hasWeeklyHours(saved)) return null;
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

  const titleId = firstHours ? 'first-hours-schedule-title' : 'schedule-title';
  return (
    <section aria-labelledby={titleId} className={ui.card}>
      <h2 id={titleId} className={css.title}>
        {MESSAGES.scheduleTitle}
      </h2>
      <p className={ui.muted}>{MESSAGES.scheduleHoursHint}</p>
      <div className={css.days}>
        {WEEK.map((day) => (
          <DayRow
            key={day}
            day={day}
            value={draft.days[day]!}
            onChange={(d) => setDraft({ ...draft, days: { ...draft.days, [day]: d } })}
          />
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
      <ScheduleExceptions
        exceptions={draft.exceptions}
        onChange={(exceptions) => setDraft({ ...draft, exceptions })}
      />
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <button
        type="button"
        className={`${ui.primary} ${css.save} ${css.touch}`}
        disabled={busy}
        onClick={() => void save()}
      >
        {busy ? MESSAGES.submitting : MESSAGES.scheduleSave}
      </button>
      {saved && saved.outsideSchedule.length > 0 && (
        <div className={css.outside}>
          <p>{MESSAGES.scheduleOutside}</p>
          <ul>
            {saved.outsideSchedule.map((a) => {
              const slot = parseAppointmentDate(a.date);
              return <li key={a.id}>{slot ? formatSlot(slot.date, slot.time, saved.timeZone) : a.date}</li>;
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

/**
 * Right after the first approved login, while the doctor has no weekly hours (patients
 * cannot book them), the dashboard shows this step first: why, and the schedule editor.
 */
export function FirstHoursStep() {
  const schedule = useProviderSchedule();
  if (!schedule.data || hasWeeklyHours(schedule.data)) return null;
  return (
    <section aria-labelledby="first-hours-title" className={css.firstHours}>
      <h2 id="first-hours-title">{MESSAGES.scheduleFirstHoursTitle}</h2>
      <p>{MESSAGES.scheduleFirstHoursBody}</p>
      <ScheduleEditor firstHours />
    </section>
  );
}
