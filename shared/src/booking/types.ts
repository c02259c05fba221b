/** A span of wall-clock time in the clinic's zone, 'hh:mm AM/PM' both ends (end exclusive). */
export interface TimeRange {
  start: string;
  end: string;
}

/** A weekday's opening hours; its slots are generated (start, start + slotMinutes, …). */
export interface DayHours extends TimeRange {
  /** Length of one appointment slot in minutes. */
  slotMinutes: number;
  /** Spans inside the hours with no slot starting or running into them (lunch). */
  breaks: TimeRange[];
}

/** Weekly hours by weekday name ('Monday'); a weekday absent is closed. */
export type WeeklyHours = Partial<Record<string, DayHours>>;

/**
 * A dated change to the weekly hours. `vacation` closes every date from `from` to `to`
 * (inclusive), `closed` one date, `extra` adds generated slots on one date (also on a closed weekday).
 */
export type ScheduleException =
  | { kind: 'vacation'; from: string; to: string }
  | { kind: 'closed'; date: string }
  | { kind: 'extra'; date: string; start: string; end: string; slotMinutes: number };

/**
 * A doctor's weekly availability: weekday names and, per weekday, times like '09:00 AM'.
 * The server generates `availableDays`/`timeSlots` from `hours` when a doctor saves
 * weekly hours (so every older reader keeps working), and `exceptions` are honoured by `slotsFor`.
 */
export interface DoctorSchedule {
  availableDays: string[];
  timeSlots: Record<string, string[]>;
  hours?: WeeklyHours;
  exceptions?: ScheduleException[];
}

/** Appointment status (docs/product.md#appointment-statuses); a missing status reads as Scheduled. */
export const APPOINTMENT_STATUSES = ['Scheduled', 'Confirmed', 'Completed', 'Cancelled', 'No-Show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Statuses that hold a slot (everything but Cancelled) and the Upcoming tab's statuses. */
export const UPCOMING_STATUSES: readonly AppointmentStatus[] = ['Scheduled', 'Confirmed'];

/** How a doctor closes a visit that took place; the visit is then closed (its mark can be undone). */
export const VISIT_OUTCOMES = ['Completed', 'No-Show'] as const satisfies readonly AppointmentStatus[];
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/** `GET /api/doctors` (public fields only: no licence or NPI number, phone, email or date of birth). */
export interface PublicDoctor {
  /** Absent on the built-in sample doctors, which cannot be booked on the server. */
  id?: string;
  name: string;
  specialty: string;
  clinic: string;
  /** IANA zone of the clinic; slot times are wall times there. */
  timeZone?: string;
  schedule?: DoctorSchedule;
}

/** As `GET /api/doctors-with-context/{uid}` returns it. */
export interface DoctorListingItem extends PublicDoctor {
  id: string;
  timeZone: string;
  schedule: DoctorSchedule;
  /** Past and upcoming non-cancelled appointments of this patient with this doctor. */
  visitCount: number;
  /**
   * Text date ('YYYY-MM-DD at hh:mm AM/PM') of the patient's latest non-cancelled appointment that has
   * started (a future booking is not a "last visit"), or null.
   */
  lastVisitDate: string | null;
  /**
   * The start (ISO instant) of the doctor's first free slot in the booking window (on or after
   * the search's `availableFrom`), or null. The free slots themselves come from `GET /api/doctors/{uid}/slots`.
   */
  nextFreeSlot: string | null;
}

/** `GET /api/doctors-with-context/{uid}`: one page of the search. */
export interface DoctorsWithContextResponse {
  doctors: DoctorListingItem[];
  lastDoctorName: string | null;
  totalAppointments: number;
  /** The opaque cursor of the next page, or null on the last one. */
  nextCursor: string | null;
}

/** `GET /api/doctors/{uid}/slots`: a doctor's free slots in a date window of the clinic's zone. */
export interface DoctorSlotsResponse {
  doctorId: string;
  timeZone: string;
  from: string;
  to: string;
  /** The bookable dates in the window (docs/product.md#booking-window), each with its free times. */
  days: { date: string; weekday: string; slots: string[] }[];
}

/** An appointment as the API returns it (plus doctorId, startsAt and timeZone of ours). */
export interface Appointment {
  id: string;
  uid: string;
  /** 'YYYY-MM-DD at hh:mm AM/PM' in the clinic's time zone. */
  date: string;
  doctor: string;
  doctorId: string;
  clinic: string;
  specialty: string;
  notes: string;
  prescriptionUrl: string | null;
  bookedAt: string;
  status: AppointmentStatus;
  /** The real start instant (ISO, UTC). */
  startsAt: string;
  timeZone: string;
  /** Who cancelled: absent or null unless the status is Cancelled. */
  cancelledBy?: CancelledBy | null;
  /** The doctor's reason when the doctor cancelled (shown to the patient). */
  cancelReason?: string | null;
  /** The start (ISO) it had before its latest reschedule; null when never rescheduled. */
  rescheduledFrom?: string | null;
}

/** Who cancelled an appointment (appointments.cancelled_by). */
export type CancelledBy = 'patient' | 'doctor' | 'admin';

/** A doctor may undo a Completed or No-Show mark for this long after setting it. */
export const VISIT_UNDO_HOURS = 24;
/** The longest reason a doctor may give when cancelling an appointment. */
export const CANCEL_REASON_MAX_LENGTH = 500;

/**
 * Props of the exposed `mfe_booking/BookingFlow` component: `page` for /book-appointment, `dashboard`
 * for the dashboard's Book Appointment tab (message variants).
 */
export interface BookingFlowProps {
  variant: 'page' | 'dashboard';
  /** Called with the new appointment after a successful booking. */
  onBooked?: (appointment: Appointment) => void;
  /** Called by the page variant's Cancel button. */
  onCancel?: () => void;
  /**
   * The id of an upcoming appointment to move to another slot of the same doctor (the page
   * reads it from `?reschedule=`); the doctor step is then fixed to that appointment's doctor.
   */
  rescheduleId?: string;
}
