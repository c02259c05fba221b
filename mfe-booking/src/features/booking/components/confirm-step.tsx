import { MESSAGES, formatMessage, formatSlot } from '@medora/shared';
import type { BookableDoctor } from '../api/load-doctors';
import css from '../booking.module.css';
import { Step } from './step';

interface Props {
  doctor: BookableDoctor | null;
  date: string | null;
  slot: string | null;
  notes: string;
  onNotes: (notes: string) => void;
  /** Rescheduling keeps the appointment's notes: no field then. */
  withNotes?: boolean;
}

/**
 * Step 4: what is about to be booked, and optional notes (4 rows; 'Follow-up appointment'
 * is the placeholder, sent only when the field is left empty).
 */
export function ConfirmStep({ doctor, date, slot, notes, onNotes, withNotes = true }: Props) {
  return (
    <Step id="bk-step-confirm" title={MESSAGES.bookingStepConfirm}>
      {doctor && date && slot ? (
        <p className={css.summary} data-testid="booking-summary">
          {formatMessage('bookingSummaryWhen', {
            doctor: doctor.name,
            specialty: doctor.specialty,
            date: formatSlot(date, slot, doctor.timeZone),
            clinic: doctor.clinic,
          })}
        </p>
      ) : null}
      {withNotes ? (
        <>
          <label className={css.label} htmlFor="bk-notes">
            {MESSAGES.bookingNotesLabel}
          </label>
          <textarea
            id="bk-notes"
            className={css.notes}
            rows={4}
            maxLength={2000}
            placeholder={MESSAGES.defaultBookingNote}
            value={notes}
            onChange={(e) => onNotes(e.target.value)}
          />
        </>
      ) : null}
    </Step>
  );
}
