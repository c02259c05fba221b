/**
 * The catalogue's texts used only by the booking remote (mfe-booking), added to `MESSAGES` when this module loads
 * (docs/architecture.md, Frontends). Only that package imports it, so no other page
 * downloads these texts; `scripts/test/message-areas.spec.ts` keeps every text in the area that uses it.
 */
import { addMessages } from '@medora/shared/messages';

export const BOOKING_MESSAGES = {
  bookingFailed: 'Error booking appointment: {message}',
  noDoctors: 'No doctors available at the moment.',
  noDatesDashboard: 'No available dates found. Please select another doctor.',
  noDatesPage: 'No available dates found for {doctor}. Please select another doctor or contact the clinic.',
  noSlotsDashboard: 'No time slots available. Please select another date.',
  noSlotsPage: 'No available time slots for this date. Please select another date.',
  bookingIntro: 'Book an appointment with one of our doctors in four short steps.',
  startBooking: 'Start Booking Appointment',
  bookingHeading: 'Book an appointment',
  bookingStepDoctor: '1. Select a doctor',
  bookingStepDate: '2. Select a date',
  bookingStepSlot: '3. Select a time slot',
  bookingStepConfirm: '4. Confirm',
  bookingNotesLabel: 'Additional notes (optional)',
  bookingConfirm: 'Confirm Appointment',
  bookingSubmitting: 'Booking...',
  bookingReset: 'Reset',
  bookingLoadingDoctors: 'Loading doctors...',
  bookingChooseDoctorFirst: 'Choose a doctor to see the available dates.',
  bookingChooseDateFirst: 'Choose a date to see the time slots.',
  bookingDaysPerWeek: '{count} {count:day|days}/week',
  bookingLastVisit: 'Last visit: {date}',
  bookingDateButton: '{label}, {count} {count:slot|slots}',
  bookingSlotCount: '{count} {count:slot|slots}',
  bookingTimesIn: 'Times are shown in the clinic’s time zone ({timeZone}).',
  rescheduleHeading: 'Reschedule Appointment',
  rescheduleConfirm: 'Confirm New Time',
  rescheduleSubmitting: 'Rescheduling...',
  rescheduleSucceeded: 'Appointment rescheduled: {doctor} on {date}, {clinic}.',
  rescheduleFailed: 'Rescheduling failed: {message}',
  rescheduleLoading: 'Loading your appointment...',
  rescheduleUnavailable: 'This appointment can no longer be rescheduled.',
  rescheduleNotFound:
    'We could not find this appointment. It may have been cancelled, or the link may be wrong. Your appointments are listed on your dashboard.',
  rescheduleBack: 'Back to my appointments',
  rescheduleStepDoctor: '1. Your doctor (stays the same)',
  suggestedForSymptoms: 'Suggested for your symptoms',
  suggestedDoctorsNote: 'Doctors for your current symptoms ({symptoms}) are marked as suggested.',
  showAllDoctors: 'Show all doctors',
  bookingDateFull: '{label}, fully booked',
  bookingDateFullShort: 'Fully booked',
  bookingSucceededWhen: 'Appointment booked successfully! {doctor} on {date}, {clinic}.',
  bookingSummaryWhen: '{doctor} ({specialty}) on {date}, {clinic}',
  rescheduleCurrent: 'Current appointment: {doctor} on {date}, {clinic}.',
  // The doctor search (server-side filters, pages) and a doctor's free slots
  doctorSearchNameClinicLabel: 'Search doctors by name, clinic or specialty',
  doctorSearchNameClinicPlaceholder: 'e.g. Johnson, Heart Center or Cardiology',
  doctorSpecialtyFilterLabel: 'Specialty',
  doctorSpecialtyAll: 'All specialties',
  loadMoreDoctors: 'Load more doctors',
  loadingMoreDoctors: 'Loading more doctors…',
  doctorListEnd: 'No more doctors match.',
  doctorSearchNoResults: 'No doctor matches your search.',
  doctorNextFreeSlot: 'Next free: {date}',
  doctorNoFreeSlot: 'No free time in the next 30 days',
  bookingLoadingSlots: 'Loading free times…',
  bookingSlotsFailed: 'Could not load the free times: {message}',
} as const;

addMessages(BOOKING_MESSAGES);
