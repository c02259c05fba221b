/**
 * The catalogue's texts used only by the API's own texts (mail, refusals the pages never show by key), added to `MESSAGES` when this module loads
 * (docs/architecture.md, Frontends). Only that package imports it, so no other page
 * downloads these texts; `scripts/test/message-areas.spec.ts` keeps every text in the area that uses it.
 */
import { addMessages } from '@medora/shared/messages';

export const SERVER_MESSAGES = {
  notificationWelcomeTitle: 'Welcome to Medora',
  notificationWelcomeBody: 'Your account is ready. Complete your health profile to get started.',
  appointmentDoctorUnavailable: 'This doctor is not available for booking.',
  appointmentSlotInvalid:
    'This time slot is not offered by the doctor on that date or is outside the booking window.',
  appointmentSlotTaken: 'This time slot has just been booked by someone else. Please choose another slot.',
  appointmentAccountRequired: 'Finish creating your account before booking an appointment.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different booking.',
  bookingRateLimited: 'You have booked {count} appointments in the last hour. Please try again later.',
  bookingUpcomingLimit:
    'You already have {count} upcoming appointments. Please cancel one before booking another.',
  notificationAppointmentTitle: 'Appointment booked',
  notificationAppointmentBody: '{doctor} on {date}, {clinic}.',
  notificationReminderTitle: 'Upcoming appointment',
  notificationReminderBody: 'Reminder: {doctor} on {date}, {clinic}.',
  appointmentNotCancellable: 'Only upcoming appointments can be cancelled.',
  notificationDocumentTitle: 'Document uploaded',
  notificationDocumentBody: '{name} was added to your medical documents.',
  summaryDisclaimer:
    'Generated automatically from the patient’s own answers; to be verified clinically before any decision.',
  invalidFileContent: 'The file content does not match a PDF, Word document or image.',
  fileRequired: 'Attach a file in the field "file".',
  notApprovedProvider: 'Your provider account is not approved yet.',
  prescriptionMissing: 'No prescription is attached to this appointment.',
  tooManyCredentials: 'An application can hold at most 30 documents.',

  // Server-side messages (the spec leaves the server catalogue open; these are ours)
  unauthenticated: 'Sign in to continue: the request carried no valid ID token.',
  forbidden: 'You do not have access to this resource.',
  validationFailed: 'Some fields are not valid.',
  internalError: 'Something went wrong on our side. Please try again.',
  uidMismatch: 'The uid does not belong to the signed-in account.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  rateLimited: 'Too many requests. Please try again in {seconds} {seconds:second|seconds}.',

  // Closing visits and doctor cancellations
  visitNotStarted: 'An appointment can be marked Completed or No-Show only after it has started.',
  visitNotOpen: 'Only a Scheduled or Confirmed appointment can be marked Completed or No-Show.',
  visitUndoExpired: 'A Completed or No-Show mark can be undone only within {hours} hours.',
  visitNotClosed: 'Only a Completed or No-Show appointment can be reopened.',
  doctorCancelNotUpcoming: 'Only an upcoming Scheduled or Confirmed appointment can be cancelled.',
  careAccessEnded:
    'Your access to this patient’s record has ended: it lasts {days} {days:day|days} after your last appointment with them. Your past appointments stay listed.',
  notificationDoctorCancelTitle: 'Appointment cancelled by your doctor',
  notificationDoctorCancelBody: '{doctor} cancelled your appointment on {date}: {reason}',
  applicationChanged:
    'This application changed after you opened it. Reload it and review the current version before deciding.',
  applicationAlreadyDecided: 'This application has already been decided. Re-open it to decide again.',
  applicationNotDecided: 'Only an approved or rejected application can be re-opened.',
  timeZoneUnsupported: 'This time zone is not supported. Please choose another, e.g. America/Los_Angeles.',
  // Bad input gets a fast, small answer
  jsonTooManyKeys: 'The request body has too many fields (at most {max}).',
  jsonTooManyItems: 'The request body has too many list items (at most {max}).',
  jsonTooDeep: 'The request body is nested too deeply (at most {max} levels).',
  documentQuotaFiles: 'You have reached the limit of {max} stored documents. Delete one to upload another.',
  documentQuotaBytes: 'Your documents would exceed the storage limit of {max}. Delete one to upload another.',
  rescheduleNotAllowed: 'Only an upcoming appointment can be rescheduled.',
  rescheduleSameSlot: 'This is already the time of your appointment. Please choose another slot.',
  notificationRescheduledTitle: 'Appointment rescheduled',
  notificationRescheduledBody: '{doctor} moved from {from} to {date}, {clinic}.',
  notificationDoctorRescheduledBody: 'A patient moved their appointment from {from} to {date}.',
  notificationCancelledTitle: 'Appointment cancelled',
  notificationCancelledBody: 'Your appointment with {doctor} on {date} was cancelled.',
  notificationDoctorCancelledBody: 'A patient cancelled their appointment on {date}.',
  // The doctor's own cancellation, in their bell (the patient's name stays out of the bell).
  notificationDoctorOwnCancelBody: 'You cancelled the appointment on {date}: {reason}.',
  flagEvidenceAge: 'Age',
  flagEvidenceAgeValue: '{age} years',
  flagEvidenceText: 'In the patient’s words: “{phrase}”',
  settingsAccountRequired: 'Finish creating your account before changing its settings.',
  profileNotApproved: 'Only an approved doctor can edit the profile.',
  changeRequestChanged:
    'This change request changed since you opened it (the doctor edited it). Review the current version and decide again.',
  changeRequestAlreadyDecided: 'This change request has already been decided.',
  doctorNotSuspendable: 'Only an approved doctor who is not suspended can be suspended.',
  doctorNotSuspended: 'This doctor is not suspended.',
  notificationDoctorBookedTitle: 'New booking',
  notificationDoctorBookedBody: 'A patient booked an appointment with you on {date}.',
  notificationApplicationApprovedTitle: 'Application approved',
  notificationApplicationApprovedBody: 'Your application was approved. Your provider dashboard is open.',
  notificationApplicationRejectedTitle: 'Application not approved',
  notificationChangeApprovedTitle: 'Profile change approved',
  notificationChangeApprovedBody:
    'Your requested change of {fields} was approved and is now on your profile.',
  notificationChangeRejectedTitle: 'Profile change not approved',
  notificationChangeRejectedBody:
    'Your requested change of {fields} was not approved: {reason}. Your profile keeps its current details.',
  notificationStaffWelcomeBody:
    'Your account is ready. Your dashboard is one click away in the account menu.',
  fhirImportResourceInvalid: 'Entry {index} ({resourceType}) is not a valid FHIR resource: {field}.',
  fhirImportNothing: 'The Bundle holds no allergies, conditions, medicines or observations to import.',
  doctorNotBookable: 'No bookable doctor with this id.',
  // Production fails closed — timeouts and the shell's missing runtime config
  requestTimedOut: 'The server took too long to answer. Please try again.',
  databaseTimedOut: 'The database took too long to answer. Please try again.',
  mailFailedNotFound: 'No failed e-mail with this id: it was sent again or has expired.',
  // E-mail messages, the one-click unsubscribe and the local mailbox
  mailWhen: '{time} ({timeZone})',
  mailPatientBookedSubject: 'Booked: your appointment with {doctor} on {date}',
  mailPatientBookedBody: 'Your appointment with {doctor} at {clinic} is booked for {when}.',
  mailPatientCancelledSubject: 'Cancelled: your appointment with {doctor} on {date}',
  mailPatientCancelledBody: 'Your appointment with {doctor} at {clinic} on {when} is cancelled.',
  mailPatientRescheduledSubject: 'Moved: your appointment with {doctor} is now on {date}',
  mailPatientRescheduledBody:
    'Your appointment with {doctor} at {clinic} has moved from {previous} to {when}.',
  mailDoctorBookedSubject: 'New booking on {date}',
  mailDoctorBookedBody: 'A patient booked an appointment with you at {clinic} for {when}.',
  mailDoctorCancelledSubject: 'Cancelled: the appointment on {date}',
  mailDoctorCancelledBody: 'The appointment with you at {clinic} on {when} is cancelled.',
  mailDoctorRescheduledSubject: 'Moved: an appointment is now on {date}',
  mailDoctorRescheduledBody: 'An appointment with you at {clinic} has moved from {previous} to {when}.',
  mailReminderSubject: 'Reminder: your appointment with {doctor} on {date}',
  mailReminderBody: 'A reminder of your appointment with {doctor} at {clinic} on {when}.',
  mailApprovedSubject: 'Your Medora application is approved',
  mailApprovedBody:
    'Your application to offer appointments on Medora is approved: patients can book you now.',
  mailApprovedBodyNoHours:
    'Your application to offer appointments on Medora is approved. Patients can book you once you set your weekly hours on your dashboard.',
  mailChangeApprovedSubject: 'Your Medora profile change is approved',
  mailChangeApprovedBody: 'Your requested change of {fields} was approved and is now on your profile.',
  mailChangeRejectedSubject: 'Your Medora profile change was not approved',
  mailChangeRejectedBody:
    'Your requested change of {fields} was not approved. The reason: {reason}. Your profile keeps its current details.',
  mailRejectedSubject: 'Your Medora application was not approved',
  mailRejectedBody:
    'Your application to offer appointments on Medora was not approved. The reason: {reason}.',
  mailCalendarNote: 'The calendar file attached adds it to your calendar.',
  mailCalendarUpdatedNote: 'The calendar file attached moves it in your calendar.',
  mailCalendarCancelledNote: 'The calendar file attached marks it as cancelled in your calendar.',
  mailOpenMedora: 'Open Medora',
  mailOpenMedoraText: 'Open Medora: {url}',
  mailUnsubscribeLink: 'Stop appointment reminder e-mails',
  mailUnsubscribeText: 'Stop appointment reminder e-mails: {url}',
  mailFooter: 'Sent by Medora. E-mails never carry medical details: sign in to read them.',
  unsubscribeTokenExpired:
    'This unsubscribe link has expired. Turn reminders off on your settings page instead.',
  unsubscribeTokenSuperseded:
    'Your reminder e-mails were turned on again after this e-mail was sent, so this link no longer changes them. Turn reminders off on your settings page instead.',
  unsubscribeUserUnknown: 'The account of this unsubscribe link no longer exists.',
  mailSinkNotFound: 'This e-mail is no longer in the local mailbox.',
  mailSinkUnavailable: 'The local mailbox exists only while the API uses its own SMTP sink (SMTP_URL unset).',
  // The local-mode reminder sweep reads no body
  devSweepNoBody: 'The reminder sweep takes no request body.',
  accessLogWhatRecord: 'Your health record',
  accessLogWhatVisits: 'The list of your visits',
  accessLogWhatExport: 'An export of your record',
  accessLogWhatDocuments: 'The list of your documents',
  accessLogWhatDocument: 'One of your documents',
  accessLogWhatAppointments: 'Your appointments',
  accessLogWhatAppointment: 'One of your appointments',
  accessLogWhatPrescription: 'A prescription file',
  accessLogWhatImported: 'The items you imported from another system (the confirmed ones)',
  accessLogWhatFlagReview: 'A flag on one of your visits (marked reviewed)',
  accessLogWhatOther: 'Your record',
  accessLogWhatMedications: 'Your medicines',
  accessLogWhatMedication: 'One of your medicines',
  medicationVersionConflict:
    'This medicine was changed since you opened it (in another tab or by your doctor). Reload it and make your change again.',
  medicationNotConfirmable: 'This medicine is already confirmed.',
  medicationReviewNeedsVisit: 'Mark the list reviewed from one of your appointments with this patient.',
  medicationReminderMailSubject: 'A medication reminder',
  medicationReminderMailText: 'You have a medication reminder in Medora.',
} as const;

addMessages(SERVER_MESSAGES);
