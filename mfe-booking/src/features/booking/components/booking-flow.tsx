import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import {
  ApiError,
  MESSAGES,
  authStore,
  availableDates,
  clinicTimeZone,
  errorMessage,
  formatAppointmentDate,
  formatMessage,
  notify,
  slotsFor,
  type BookingFlowProps,
} from '@medora/shared';
import { useCreateAppointment } from '../api/use-create-appointment';
import { useBookingDoctors } from '../hooks/use-booking-doctors';
import { useBookingDraft } from '../stores/booking-draft-store';
import css from '../booking.module.css';
import { ConfirmStep } from './confirm-step';
import { DateStep } from './date-step';
import { DoctorStep } from './doctor-step';
import { SlotStep } from './slot-step';

/** A fresh Idempotency-Key; one per selection, so a retried click never books twice. */
function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `bk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The one booking flow (spec §2, §4 Booking): doctor → date → slot → confirm. `variant` picks the §8
 * message texts and the dashboard's intro; the standalone page and the dashboard tab both render it.
 */
export function BookingFlow({ variant, onBooked, onCancel }: BookingFlowProps) {
  const uid = useStore(authStore, (s) => s.user?.uid);
  const { loading, doctors } = useBookingDoctors(uid);
  const booking = useCreateAppointment();
  const submitting = booking.isPending;

  const started = useBookingDraft((s) => s.started);
  const doctorKey = useBookingDraft((s) => s.doctorKey);
  const date = useBookingDraft((s) => s.date);
  const slot = useBookingDraft((s) => s.slot);
  const notes = useBookingDraft((s) => s.notes);
  const { start, selectDoctor, selectDate, selectSlot, setNotes, clearSlot, reset } =
    useBookingDraft.getState();

  // The draft belongs to this mount: a new visit starts clean.
  useEffect(() => () => reset(), [reset]);

  const doctor = doctors.find((d) => d.key === doctorKey) ?? null;
  const timeZone = clinicTimeZone(doctor?.timeZone);
  const dates = useMemo(
    () => (doctor?.schedule ? availableDates(doctor.schedule, { timeZone, taken: doctor.takenSlots }) : []),
    [doctor, timeZone],
  );
  const slots = useMemo(
    () => (doctor?.schedule && date ? slotsFor(doctor.schedule, date, doctor.takenSlots) : []),
    [doctor, date],
  );

  const idempotencyKey = useRef<{ selection: string; key: string } | null>(null);
  const keyFor = (selection: string) => {
    if (idempotencyKey.current?.selection !== selection) {
      idempotencyKey.current = { selection, key: newIdempotencyKey() };
    }
    return idempotencyKey.current.key;
  };

  async function confirm() {
    if (!doctor || !date || !slot || !uid) {
      notify.error(MESSAGES.bookingSelectionRequired);
      return;
    }
    const text = formatAppointmentDate(date, slot);
    const finalNotes = notes.trim() || MESSAGES.defaultBookingNote;
    try {
      const appointment = await booking.mutateAsync({
        input: {
          uid,
          date: text,
          doctorId: doctor.id,
          doctor: doctor.name,
          clinic: doctor.clinic,
          specialty: doctor.specialty,
          notes: finalNotes,
          prescriptionUrl: null,
          bookedAt: new Date().toISOString(),
        },
        idempotencyKey: keyFor(`${doctor.key}|${text}|${finalNotes}`),
      });
      notify.success(
        formatMessage('bookingSucceededDetails', {
          doctor: appointment.doctor,
          date,
          time: slot,
          clinic: appointment.clinic,
        }),
      );
      reset({ keepStarted: variant === 'dashboard' });
      onBooked?.(appointment);
    } catch (error) {
      notify.error(formatMessage('bookingFailed', { message: errorMessage(error) }));
      if (error instanceof ApiError && error.status === 409) {
        // Someone else took the slot: offer the slots as they are now (the mutation refetches them).
        clearSlot();
      }
    }
  }

  if (variant === 'dashboard' && !started) {
    return (
      <div className={css.flow} data-testid="booking-flow">
        <div className={css.intro}>
          <p>{MESSAGES.bookingIntro}</p>
          <button type="button" className={`${css.button} ${css.primary}`} onClick={start}>
            {MESSAGES.startBooking}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={css.flow} data-testid="booking-flow">
      <DoctorStep doctors={doctors} loading={loading || !uid} selected={doctorKey} onSelect={selectDoctor} />
      <DateStep
        variant={variant}
        doctorName={doctor?.name ?? null}
        dates={dates}
        selected={date}
        onSelect={selectDate}
      />
      <SlotStep
        variant={variant}
        date={date}
        slots={slots}
        timeZone={timeZone}
        selected={slot}
        onSelect={selectSlot}
      />
      <ConfirmStep doctor={doctor} date={date} slot={slot} notes={notes} onNotes={setNotes} />
      <div className={css.actions}>
        {variant === 'dashboard' ? (
          <button type="button" className={css.button} onClick={() => reset({ keepStarted: true })}>
            {MESSAGES.bookingReset}
          </button>
        ) : null}
        {onCancel ? (
          <button type="button" className={css.button} onClick={onCancel}>
            {MESSAGES.cancelButton}
          </button>
        ) : null}
        <button
          type="button"
          className={`${css.button} ${css.primary}`}
          disabled={submitting}
          aria-busy={submitting}
          onClick={() => void confirm()}
        >
          {submitting ? MESSAGES.bookingSubmitting : MESSAGES.bookingConfirm}
        </button>
      </div>
    </div>
  );
}
