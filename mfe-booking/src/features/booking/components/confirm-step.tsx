import { MESSAGES, dateLabel, formatMessage } from '@medora/shared';
import type { BookableDoctor } from '../api/load-doctors';
import css from '../booking.module.css';
import { Step } from './step';

interface Props {
  doctor: BookableDoctor | null;
  date: string | null;
  slot: string | null;
  notes: string;
  onNotes: (notes: string) => void;
}

/** Step 4: what is about to be booked, and optional notes (spec §9: 4 rows, default note). */
export function ConfirmStep({ doctor, date, slot, notes, onNotes }: Props) {
  return (
    <Step id="bk-step-confirm" title={MESSAGES.bookingStepConfirm}>
      {doctor && date && slot ? (
        <p className={css.summary} data-testid="booking-summary">
          {formatMessage('bookingSummary', {
            doctor: doctor.name,
            specialty: doctor.specialty,
            date: dateLabel(date),
            time: slot,
            clinic: doctor.clinic,
          })}
        </p>
      ) : null}
      <label className={css.label} htmlFor="bk-notes">
        {MESSAGES.bookingNotesLabel}
      </label>
      <textarea
        id="bk-notes"
        className={css.notes}
        rows={4}
        maxLength={2000}
        value={notes}
        onChange={(e) => onNotes(e.target.value)}
      />
    </Step>
  );
}
