// How a medicine on the list reads, the same on the patient's tab, the printable summary and the
// doctor's card: one place for the order of the parts and for the status and reminder sentences.
import { formatWallDate } from '../booking/dates.js';
import { formatMessage, MESSAGES } from '@medora/shared/messages';
import type { Medication, MedicationReminder, MedicineEntry } from './types.js';

const joined = (parts: (string | null | undefined)[], separator = ' ') =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(separator);

/** "10 mg tablet": strength and form, or '' when neither is known. */
export function medicationStrengthForm(m: Pick<Medication, 'strength' | 'form'>): string {
  return joined([m.strength, m.form]);
}

/** "1 tablet, once a day": the dose and how often, or '' when neither is known. */
export function medicationDoseLine(m: Pick<Medication, 'dose' | 'frequency'>): string {
  return joined([m.dose, m.frequency], ', ');
}

/** When it was started: the date as people read it, or the patient's words; '' when unknown. */
export function medicationStarted(m: Pick<Medication, 'startedOn' | 'startedText'>): string {
  if (m.startedOn && /^\d{4}-\d{2}-\d{2}$/.test(m.startedOn)) return formatWallDate(m.startedOn);
  return m.startedText?.trim() ?? '';
}

/** "Taking", "Paused since Thu 26 Nov 2026 (side effects)", "Stopped on …". */
export function medicationStatusText(m: Pick<Medication, 'status' | 'statusOn' | 'statusReason'>): string {
  const date = m.statusOn ? formatWallDate(m.statusOn) : '';
  const status =
    m.status === 'taking'
      ? MESSAGES.medsStatusTaking
      : formatMessage(m.status === 'paused' ? 'medsStatusPaused' : 'medsStatusStopped', { date }).trim();
  const reason = m.status === 'taking' ? '' : (m.statusReason?.trim() ?? '');
  return reason ? formatMessage('medsStatusReason', { status, reason }) : status;
}

/** The reminder as a sentence: "Every day at 08:00", "3 days before I run out on …". */
export function medicationReminderText(r: MedicationReminder): string {
  if (r.kind === 'daily') return formatMessage('medsReminderLineDaily', { time: r.time });
  if (r.kind === 'refill')
    return formatMessage('medsReminderLineRefill', { days: r.daysBefore, date: formatWallDate(r.runsOutOn) });
  return MESSAGES.medsReminderLineOff;
}

/** One line for a printed or compact list: "Lisinopril 10 mg tablet — 1 tablet, once a day". */
export function medicationSummaryLine(m: Medication): string {
  const name = joined([m.name, medicationStrengthForm(m)]);
  const details = joined(
    [medicationDoseLine(m), m.status === 'paused' ? medicationStatusText(m) : null],
    '; ',
  );
  return details ? formatMessage('recordMedicineLine', { name, details }) : name;
}

/** Whether the entry still waits for the patient to say it is right (a doctor's or an import's). */
export function medicationAwaitsConfirmation(m: Pick<Medication, 'confirmedAt'>): boolean {
  return m.confirmedAt === null;
}

/** A medicine of the shared list as a name people write: the generic name with a capital ("Amlodipine"). */
export function medicineDisplayName(entry: Pick<MedicineEntry, 'name'>): string {
  return entry.name.charAt(0).toUpperCase() + entry.name.slice(1);
}
