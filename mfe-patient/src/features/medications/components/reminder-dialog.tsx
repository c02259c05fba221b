import { useState } from 'react';
import {
  errorMessage,
  formatMessage,
  MESSAGES,
  type Medication,
  type MedicationReminder,
} from '@medora/shared';
import common from '../../../components/patient.module.css';
import { Modal } from '@medora/shared/ui';
import { FormActions } from './form-actions';
import { localToday } from './status-dialog';
import css from './medications.module.css';

const KINDS = [
  { kind: 'off', label: MESSAGES.medsReminderOff },
  { kind: 'daily', label: MESSAGES.medsReminderDaily },
  { kind: 'refill', label: MESSAGES.medsReminderRefill },
] as const;
const DEFAULT_TIME = '08:00';
const DEFAULT_DAYS_BEFORE = 3;
/** The contract's bound on "days before" (the request schema refuses more). */
const MAX_DAYS_BEFORE = 60;

/**
 * The reminder from what the dialog holds, or the catalogue message of what is missing. A refill
 * reminder needs the date the patient runs out; a daily one a time.
 */
export function reminderFrom(
  kind: MedicationReminder['kind'],
  time: string,
  runsOutOn: string,
  daysBefore: number,
): MedicationReminder | { error: string } {
  if (kind === 'daily')
    return /^\d{2}:\d{2}$/.test(time) ? { kind, time } : { error: MESSAGES.medsReminderNeedsTime };
  if (kind === 'refill') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(runsOutOn)) return { error: MESSAGES.medsReminderNeedsDate };
    const days = Number.isFinite(daysBefore)
      ? Math.min(MAX_DAYS_BEFORE, Math.max(0, Math.round(daysBefore)))
      : 0;
    return { kind, runsOutOn, daysBefore: days };
  }
  return { kind: 'off' };
}

interface ReminderDialogProps {
  medication: Medication;
  onSave: (reminder: MedicationReminder) => Promise<void>;
  onClose: () => void;
}

/** Off, every day at a time, or some days before the patient runs out on a date. */
export function ReminderDialog({ medication, onSave, onClose }: ReminderDialogProps) {
  const r = medication.reminder;
  const [kind, setKind] = useState<MedicationReminder['kind']>(r.kind);
  const [time, setTime] = useState(r.kind === 'daily' ? r.time : DEFAULT_TIME);
  const [runsOutOn, setRunsOutOn] = useState(r.kind === 'refill' ? r.runsOutOn : '');
  const [daysBefore, setDaysBefore] = useState(r.kind === 'refill' ? r.daysBefore : DEFAULT_DAYS_BEFORE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <Modal
      title={formatMessage('medsReminderTitle', { name: medication.name })}
      onClose={onClose}
      testId="medication-reminder"
      closeOnBackdrop={false}
    >
      <form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault();
          const reminder = reminderFrom(kind, time, runsOutOn, daysBefore);
          if ('error' in reminder) {
            setError(reminder.error);
            return;
          }
          setBusy(true);
          setError(null);
          onSave(reminder)
            .catch((err: unknown) => setError(formatMessage('medsFailed', { message: errorMessage(err) })))
            .finally(() => setBusy(false));
        }}
      >
        <fieldset className={css.choices}>
          <legend className={css.legend}>{MESSAGES.medsReminder}</legend>
          {KINDS.map((k) => (
            <label key={k.kind} className={css.choice}>
              <input
                type="radio"
                name="reminder-kind"
                value={k.kind}
                checked={kind === k.kind}
                onChange={() => {
                  setKind(k.kind);
                  setError(null);
                }}
              />
              <span>{k.label}</span>
            </label>
          ))}
        </fieldset>
        {kind === 'daily' && (
          <label className={css.field}>
            <span>{MESSAGES.medsReminderTime}</span>
            <input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
          </label>
        )}
        {kind === 'refill' && (
          <div className={css.pair}>
            <label className={css.field}>
              <span>{MESSAGES.medsReminderRunsOut}</span>
              <input
                type="date"
                value={runsOutOn}
                min={localToday()}
                onChange={(e) => setRunsOutOn(e.target.value)}
              />
            </label>
            <label className={css.field}>
              <span>{MESSAGES.medsReminderDaysBefore}</span>
              <input
                type="number"
                min={0}
                max={MAX_DAYS_BEFORE}
                value={daysBefore}
                onChange={(e) => setDaysBefore(Number(e.target.value))}
              />
            </label>
          </div>
        )}
        {error && (
          <p role="alert" className={common.error}>
            {error}
          </p>
        )}
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
