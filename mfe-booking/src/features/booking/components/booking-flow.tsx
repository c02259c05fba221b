import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import {
  ApiError,
  MESSAGES,
  api,
  authStore,
  clinicTimeZone,
  errorMessage,
  formatAppointmentDate,
  formatAppointmentWhen,
  formatMessage,
  formatSlot,
  isUpcoming,
  notify,
  type BookingFlowProps,
} from '@medora/shared';
import { appointmentKeys } from '@medora/shared/query';
import { useCreateAppointment } from '../api/use-create-appointment';
import { useRescheduleAppointment } from '../api/use-reschedule-appointment';
import type { BookableDoctor } from '../api/load-doctors';
import { useBookingDoctors, type DoctorSearchInput } from '../hooks/use-booking-doctors';
import { useDoctorSlots } from '../hooks/use-doctor-slots';
import { useBookingDraft } from '../stores/booking-draft-store';
import css from '../booking.module.css';
import { ConfirmStep } from './confirm-step';
import { DateStep } from './date-step';
import { DoctorStep } from './doctor-step';
import { SlotStep } from './slot-step';
import { Step } from './step';

/** Step 1's heading (the doctor step's, or the fixed doctor's when rescheduling). */
const FIRST_STEP_ID = 'bk-step-doctor';

/** A fresh Idempotency-Key; one per selection, so a retried click never books twice. */
function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `bk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The one booking flow: doctor → date → slot → confirm. `variant` picks the
 * message texts and the dashboard's intro; the standalone page and the dashboard tab both render it.
 * With `rescheduleId` the same date and slot steps move that appointment to another
 * free slot of its doctor: the doctor is fixed, and confirming reschedules instead of booking.
 */
export function BookingFlow({ variant, onBooked, onCancel, rescheduleId }: BookingFlowProps) {
  const uid = useStore(authStore, (s) => s.user?.uid);
  const [search, setSearch] = useState<DoctorSearchInput>({ q: '', specialty: '', showAll: false });
  const onSearch = useCallback((next: DoctorSearchInput) => setSearch(next), []);
  const found = useBookingDoctors(uid, search);
  const { loading, doctors, symptoms } = found;
  const booking = useCreateAppointment();
  const moving = useRescheduleAppointment();
  const submitting = booking.isPending || moving.isPending;
  const rescheduling = rescheduleId !== undefined;
  const original = useQuery({
    queryKey: appointmentKeys.detail(rescheduleId ?? ''),
    queryFn: () => api.getAppointment(rescheduleId!),
    enabled: rescheduling && uid !== undefined,
  });
  const current = original.data ?? null;
  const movable = current !== null && isUpcoming(current);

  const started = useBookingDraft((s) => s.started);
  const doctorKey = useBookingDraft((s) => s.doctorKey);
  const date = useBookingDraft((s) => s.date);
  const slot = useBookingDraft((s) => s.slot);
  const notes = useBookingDraft((s) => s.notes);
  const { start, selectDoctor, selectDate, selectSlot, setNotes, clearSlot, reset } =
    useBookingDraft.getState();

  // "Start Booking Appointment" replaces itself with the steps: focus goes to step 1's heading instead
  // of falling to the page body.
  const focusFirstStep = useRef(false);
  useEffect(() => {
    if (!started || !focusFirstStep.current) return;
    focusFirstStep.current = false;
    document.getElementById(FIRST_STEP_ID)?.focus();
  }, [started]);

  // The draft belongs to this mount: a new visit starts clean.
  useEffect(() => () => reset(), [reset]);
  // Rescheduling: the doctor is the appointment's own.
  useEffect(() => {
    if (current && movable) selectDoctor(current.doctorId);
  }, [current, movable, selectDoctor]);

  // The chosen doctor stays chosen while the search shows other doctors (pages, filters).
  const [picked, setPicked] = useState<BookableDoctor | null>(null);
  const pickDoctor = (key: string) => {
    setPicked(doctors.find((d) => d.key === key) ?? null);
    selectDoctor(key);
  };
  const listed = doctors.find((d) => d.key === doctorKey) ?? null;
  const doctor = useMemo<BookableDoctor | null>(() => {
    if (listed) return listed;
    if (picked && picked.key === doctorKey) return picked;
    // Rescheduling: the appointment's own doctor, whichever page of the search would list them.
    if (rescheduling && current && movable && current.doctorId === doctorKey) {
      return {
        id: current.doctorId,
        key: current.doctorId,
        name: current.doctor,
        specialty: current.specialty,
        clinic: current.clinic,
        timeZone: current.timeZone,
        visitCount: 0,
        lastVisitDate: null,
        nextFreeSlot: null,
        suggested: false,
      };
    }
    return null;
  }, [listed, picked, doctorKey, rescheduling, current, movable]);
  const timeZone = clinicTimeZone(doctor?.timeZone);
  const free = useDoctorSlots(doctor);
  const dates = free.dates;
  const slots = useMemo(() => (date ? free.slotsOn(date) : []), [free, date]);

  const idempotencyKey = useRef<{ selection: string; key: string } | null>(null);
  const keyFor = (selection: string) => {
    if (idempotencyKey.current?.selection !== selection) {
      idempotencyKey.current = { selection, key: newIdempotencyKey() };
    }
    return idempotencyKey.current.key;
  };

  function failed(error: unknown, key: 'bookingFailed' | 'rescheduleFailed') {
    notify.error(formatMessage(key, { message: errorMessage(error) }));
    if (error instanceof ApiError && error.status === 409) {
      // Someone else took the slot: offer the slots as they are now (the mutation refetches them).
      clearSlot();
    }
  }

  async function confirmReschedule() {
    if (!current || !date || !slot) {
      notify.error(MESSAGES.bookingSelectionRequired);
      return;
    }
    try {
      const moved = await moving.mutateAsync({ id: current.id, input: { date, time: slot } });
      notify.success(
        formatMessage('rescheduleSucceeded', {
          doctor: moved.doctor,
          date: formatAppointmentWhen(moved),
          clinic: moved.clinic,
        }),
      );
      reset();
      onBooked?.(moved);
    } catch (error) {
      failed(error, 'rescheduleFailed');
    }
  }

  async function confirm() {
    if (rescheduling) return confirmReschedule();
    if (!doctor || !date || !slot || !uid) {
      notify.error(MESSAGES.bookingSelectionRequired);
      return;
    }
    const text = formatAppointmentDate(date, slot);
    // 'Follow-up appointment' is the placeholder, and the note sent when none is written.
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
        formatMessage('bookingSucceededWhen', {
          doctor: appointment.doctor,
          date: formatSlot(date, slot, doctor.timeZone),
          clinic: appointment.clinic,
        }),
      );
      reset({ keepStarted: variant === 'dashboard' });
      onBooked?.(appointment);
    } catch (error) {
      failed(error, 'bookingFailed');
    }
  }

  if (variant === 'dashboard' && !started && !rescheduling) {
    return (
      <div className={css.flow} data-testid="booking-flow">
        <div className={css.intro}>
          <p>{MESSAGES.bookingIntro}</p>
          <button
            type="button"
            className={`md-button md-primary ${css.button}`}
            onClick={() => {
              focusFirstStep.current = true;
              start();
            }}
          >
            {MESSAGES.startBooking}
          </button>
        </div>
      </div>
    );
  }

  if (rescheduling && !movable) {
    return (
      <div className={css.flow} data-testid="booking-flow">
        {original.isPending ? (
          <p role="status" className={css.muted}>
            {MESSAGES.rescheduleLoading}
          </p>
        ) : (
          <p role="alert" className={css.empty}>
            {!original.isError
              ? MESSAGES.rescheduleUnavailable
              : original.error instanceof ApiError && original.error.status === 404
                ? MESSAGES.rescheduleNotFound
                : errorMessage(original.error)}
          </p>
        )}
        {onCancel && !original.isPending ? (
          <div className={css.actions}>
            <button type="button" className={`md-button md-primary ${css.button}`} onClick={onCancel}>
              {MESSAGES.rescheduleBack}
            </button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className={css.flow} data-testid="booking-flow">
      {rescheduling && current ? (
        <Step id={FIRST_STEP_ID} title={MESSAGES.rescheduleStepDoctor}>
          <p className={css.current} data-testid="reschedule-current">
            {formatMessage('rescheduleCurrent', {
              doctor: current.doctor,
              date: formatAppointmentWhen(current),
              clinic: current.clinic,
            })}
          </p>
        </Step>
      ) : (
        <DoctorStep
          doctors={doctors}
          loading={loading || !uid}
          selected={doctorKey}
          onSelect={pickDoctor}
          symptoms={symptoms}
          search={search}
          onSearch={onSearch}
          filteredByConditions={found.filteredByConditions}
          hasMore={found.hasMore}
          loadingMore={found.loadingMore}
          onLoadMore={found.loadMore}
        />
      )}
      <DateStep
        variant={variant}
        doctorName={doctor?.name ?? (rescheduling ? (current?.doctor ?? null) : null)}
        loading={free.loading}
        error={free.error}
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
      <ConfirmStep
        doctor={doctor}
        date={date}
        slot={slot}
        notes={notes}
        onNotes={setNotes}
        withNotes={!rescheduling}
      />
      <div className={css.actions}>
        {variant === 'dashboard' && !rescheduling ? (
          <button
            type="button"
            className={`md-button ${css.button}`}
            onClick={() => reset({ keepStarted: true })}
          >
            {MESSAGES.bookingReset}
          </button>
        ) : null}
        {onCancel ? (
          <button type="button" className={`md-button ${css.button}`} onClick={onCancel}>
            {MESSAGES.cancelButton}
          </button>
        ) : null}
        <button
          type="button"
          className={`md-button md-primary ${css.button}`}
          disabled={submitting}
          aria-busy={submitting}
          onClick={() => void confirm()}
        >
          {rescheduling
            ? submitting
              ? MESSAGES.rescheduleSubmitting
              : MESSAGES.rescheduleConfirm
            : submitting
              ? MESSAGES.bookingSubmitting
              : MESSAGES.bookingConfirm}
        </button>
      </div>
    </div>
  );
}
