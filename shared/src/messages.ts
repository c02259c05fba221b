// Constants only, from modules without imports: the catalogue is shared on the page by itself. The
// areas' types are types only (erased): each area module is bundled by the one package that uses it.
import { PASSWORD_MIN_LENGTH } from './auth/password.js';
import { ACCOUNT_NAME_MAX_LENGTH } from './auth/account-fields.js';
import { QUERY_DATE_MAX, QUERY_DATE_MIN } from './booking/query-dates.js';
import type { BOOKING_MESSAGES } from './messages/booking.js';
import type { LANDING_MESSAGES } from './messages/landing.js';
import type { PATIENT_MESSAGES } from './messages/patient.js';
import type { PROVIDER_MESSAGES } from './messages/provider.js';
import type { SERVER_MESSAGES } from './messages/server.js';
import type { SHELL_MESSAGES } from './messages/shell.js';

/**
 * The texts more than one package uses (and those of `@medora/shared`'s own modules): the part of the
 * message catalogue every page loads.
 */
const COMMON_MESSAGES = {
  // Sign-up and login
  emailPasswordRequired: 'Please fill in email and password',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  invalidPhone: 'Please enter a valid phone number (at least 10 digits) or leave it empty',
  emailInUse: 'This email is already registered. Please login instead.',
  invalidEmail: 'Invalid email address.',
  weakPassword: `Password is too weak. Please use at least ${PASSWORD_MIN_LENGTH} characters.`,
  signupFailed: 'Signup failed: {message}',
  doctorSignupFailed: 'Error: {message}',
  loginFailed: 'Login failed: {message}',
  resetFailed: 'Reset failed: {message}',
  notVerified:
    'Email not verified yet. Please check your inbox and click the verification link, then try again.',
  verificationCheckError: 'Error checking verification: {message}',
  verificationResent: 'Verification email sent! Please check your inbox.',
  verificationResendError: 'Error resending email: {message}',
  resetEmailRequired: 'Please enter your email address',
  cancelButton: 'Cancel',
  working: 'Please wait...',
  notifications: 'Notifications',
  markRead: 'Mark as read',
  dismiss: 'Dismiss',
  confirm: 'Confirm',

  // Booking
  bookingSelectionRequired: 'Please select a doctor, date, and time slot',
  bookingSucceeded: 'Appointment booked successfully!',
  defaultBookingNote: 'Follow-up appointment',
  appointmentDateInvalid: "The date must read 'YYYY-MM-DD at hh:mm AM/PM'.",
  appointmentDoctorInvalid: 'Not a valid doctor id.',
  appointmentNotesTooLong: 'Notes can be at most 2000 characters.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 8 to 128 letters, digits or -_.: characters.',
  downloadPrescription: 'Download Prescription',
  cancelAppointment: 'Cancel appointment',
  closeButton: 'Close',
  uploadDocument: 'Upload PDF',
  downloadDocument: 'Download',
  deleteDocument: 'Delete',
  documentPreviewFailed: 'Preview not available: {message}',
  documentNoFile: 'Only the file name was recorded; there is no file to show.',

  // Intake
  fieldRequired: 'This field is required.',
  selectAtLeast: 'Please select at least {count} {count:option|options}.',
  heightWeightRequired: 'Please fill in all height and weight fields.',
  wholeNumberRange: 'Please enter a whole number from {min} to {max}.',
  intakePartPersonal: 'About you',
  intakePartHistory: 'Medical history',
  intakePartSymptoms: 'Symptoms',
  previousButton: 'Previous',
  nextButton: 'Next',
  uploadTypeRefused: 'Please upload a PDF, Word document or image (.pdf .doc .docx .jpg .jpeg .png).',
  uploadTooLarge: 'The file is larger than 10 MB. Please choose a smaller file.',
  reviewPersonal: 'Personal Information',
  reviewHistory: 'Medical History',
  reviewSymptoms: 'Symptoms Summary',
  reviewVisit: 'Visit Information',
  reviewDocuments: 'Uploaded Documents',
  reviewDocumentsThisIntake: 'Documents uploaded in this intake',
  reviewNoDocuments: 'No documents uploaded',
  reviewReferred: 'Referred by your doctor',
  reviewReason: 'Reason for visit',
  submitting: 'Submitting...',
  unknownField: 'Unknown field.',
  fileTooLargeServer: 'The file is larger than 10 MB.',

  // Doctor onboarding
  clinicRequired: 'Please fill in clinic name, city, and state',
  doctorDocumentsRequired: 'Please upload Medical Degree, Medical License, and Identity Proof',
  requiredFields: 'Please fill in all required fields',
  // A wrong value is not a missing one: the fee has its own message.
  consultationFeeNegative: 'The consultation fee cannot be negative.',
  applicationApproved: 'Your application has been approved. Welcome to your provider dashboard!',
  applicationRejected: 'Your application was not approved: {reason}. You can correct it and submit again.',
  rejectionReasonRequired: 'Please give a reason for the rejection.',
  credentialTypeInvalid: 'The file content does not match a PDF, JPEG or PNG image.',
  doctorRecordRequired: 'Submit your application first.',
  scheduleDayInvalid: 'Available days must be weekday names (Monday to Sunday).',
  scheduleTimeInvalid: 'Time slots must look like 09:00 AM.',
  timeZoneInvalid: 'Not a valid IANA time zone.',

  // Shell and federation
  loading: 'Loading...',
  retry: 'Retry',
  remoteFailed: 'The {remote} module could not be loaded. The rest of Medora keeps working.',
  signedInAs: 'Signed in as {email}',
  notSignedIn: 'Not signed in',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  signIn: 'Sign in',
  createAccount: 'Create account',
  signOut: 'Sign out',
  notFound: 'Not found.',
  adminRoleRefused: 'The admin role cannot be chosen at sign-up.',
  idleSignedOut: 'You were signed out after 30 minutes of inactivity. Please sign in again.',
  cancelReasonRequired: 'Please give a reason for the cancellation.',
  cancelReasonTooLong: 'The reason can be at most {max} characters.',
  doctorCancelReasonLabel: 'Reason (shown to the patient)',
  doctorCancelConfirm: 'Cancel appointment',
  doctorCancelKeep: 'Keep appointment',
  cancelledNoHealthData: 'Cancelled: the patient’s health data is no longer shown.',
  appointmentCancelReasonLabel: 'Cancellation reason',
  // Decisions that mean what the admin saw, application and schedule rules
  applicationVersionRequired:
    'Send the version of the application you reviewed (body "version" or an If-Match header).',
  specialtyInvalid: 'Please choose a specialty from the list.',
  phoneInvalid: 'Please enter a phone number with 10 to 15 digits.',
  dobInvalid: 'Please enter a real date of birth in the past (YYYY-MM-DD).',
  numberExpected: 'Please enter a number.',
  serverSetField: 'This field is set by the server: leave it out or empty.',
  // Sign-in errors: catalogue texts only, never Firebase's; one text for a wrong password
  // and an unknown address, so the login page does not tell anyone whether an address has an account
  authInvalidCredentials: 'Incorrect e-mail or password.',
  authTooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  authNetworkFailed: 'Could not reach the sign-in service. Please check your connection and try again.',
  authServiceFailed: 'The sign-in service could not complete the request. Please try again.',
  authSessionExpired: 'Your session has expired. Please sign in again.',
  // Proven identity: writes of health data, booking and doctor applications
  verifyEmailFirst:
    'Please verify your email address first: open the verification link we sent you, then try again.',
  rejectReasonLabel: 'Reason (shown to the applicant)',
  rejectConfirm: 'Reject application',
  dialogCancel: 'Cancel',
  providerUpcomingTitle: 'Upcoming appointments',
  providerPastTitle: 'Past appointments',
  comingSoon: 'Coming Soon',
  scheduleHint: 'Times as 09:00 AM, separated by commas, in the clinic’s time zone.',
  scheduleDaySlots: '{day} time slots',
  scheduleSlotsPlaceholder: '09:00 AM, 10:00 AM',

  // Doctor signup and onboarding (mfe-provider application), texts as they were
  doctorSignupHeading: '{role} sign up',
  applicationSubSpecialtiesLabel: 'Sub-specialties (comma-separated)',
  // Shell: the product name of the header logo and the links home.
  appName: 'Medora',
  // mfe-patient (intake and dashboard): marks and labels that were literals in the components.
  noValue: '—',
  removeMark: '×',
  documentActionFor: '{action}: {name}',
  listSeparator: ' · ',
  fileSizeBytes: '{size} B',
  fileSizeKb: '{size} KB',
  fileSizeMb: '{size} MB',
  pageDescription:
    'Medora keeps your medical intake, documents and a clinical summary in one secure place, and books appointments with verified doctors.',

  // Rescheduling, readable dates, suggested doctors, cancellation notifications
  rescheduleDateInvalid: "The date must read 'YYYY-MM-DD'.",
  rescheduleTimeInvalid: "The time must read 'hh:mm AM/PM'.",
  rescheduledFrom: 'Rescheduled from {date}',
  doctorSearchLabel: 'Search doctors by name or specialty',
  doctorSearchPlaceholder: 'e.g. Johnson or Cardiology',
  doctorSearchNoMatch: 'No doctor matches “{search}”.',
  visitReasonProfile: 'Health profile update',
  visitReasonFollowUp: 'Follow-up Visit: {change}',
  visitReasonNewSymptoms: 'new symptoms: {list}',
  visitSinceLastTitle: 'Since the last visit',
  visitSinceChange: 'Overall: {value}',
  visitSinceNewSymptoms: 'New symptoms: {value}',
  visitSinceNotes: 'In the patient’s words: {value}',
  draftTooLarge: 'The draft is too large to save.',
  summaryRedFlagsNone: 'No red flags found in the answers.',
  // The clinical summary as a safety net: urgency, evidence, guidance, free text, carried flags, crisis.
  summaryFreeTextUnscreened: 'Free text not screened for every risk — read it',
  urgencyEmergency: 'Emergency now',
  urgencySameDay: 'Same day',
  urgencyUrgentCancer: 'Urgent suspected-cancer referral',
  urgencyRoutine: 'Routine review',
  urgencyAdviceEmergency:
    'If you have this now, call the emergency number or go to the emergency department. Do not wait for your appointment.',
  urgencyAdviceSameDay: 'Please get seen today: contact your doctor or an urgent care service.',
  urgencyAdviceUrgentCancer: 'Your doctor should see you soon about this; please book without delay.',
  urgencyAdviceRoutine: 'Your doctor will go through this with you.',
  flagUrgencyLabel: 'Urgency: {urgency}',
  flagEvidenceHeading: 'Raised by these answers',
  flagEvidenceItem: '{label} — {answer}',
  flagGuidance: 'Guidance: {source}',
  summaryPreviouslyFlagged: 'Previously flagged',
  flagReviewNotFound: 'This visit has no such flag.',
  flagReviewOwnerOnly: 'Only a clinician caring for the patient can mark a flag reviewed.',
  summaryEngineDeterministic: 'Written by: Medora rule engine (no AI)',
  summaryEngineLlm: 'Narrative written by a language model; red flags from the Medora rule engine',
  providerPreviousFlagCount: '{count} {count:earlier flag|earlier flags} not reviewed',
  heightFeetRange: 'Height in feet must be a whole number from {min} to {max}.',
  heightInchesRange: 'Inches must be a whole number from {min} to {max}.',
  heightRange: 'Height must be between {min} and {max}.',
  weightRange: 'Weight must be between {min} and {max} kg.',
  dobFuture: 'Your date of birth cannot be in the future.',
  dobTooEarly: 'Your date of birth cannot be before {year}.',
  optionNotForSex: 'This option does not apply to the sex given.',
  documentTypeMedicalReport: 'Medical report',
  documentTypeChronicConditions: 'Chronic conditions report',
  documentTypeMedications: 'Medication list',
  documentTypeSurgery: 'Surgery report',
  documentTypeOther: 'Document',
  settingsNameTooLong: `Please keep your name to ${ACCOUNT_NAME_MAX_LENGTH} characters or fewer.`,
  settingsNameInvalid: 'Please enter your name without line breaks or control characters.',
  applicationTextInvalid: 'Please enter this field on one line, without control characters.',
  settingsNothingToUpdate: 'Please change your name or phone first.',
  settingsCurrentPasswordRequired: 'Please enter your current password.',
  settingsPasswordsDiffer: 'The new passwords do not match.',
  settingsPasswordUnchanged: 'The new password must be different from the current one.',
  settingsPasswordFailed: 'Password not changed: {message}',
  settingsEmailUnchanged: 'This is already your e-mail address.',
  settingsEmailFailed: 'E-mail not changed: {message}',
  settingsPrefLeadInvalid: 'Please choose one of the reminder times offered.',
  authCurrentPasswordWrong: 'The current password is not right.',
  authEmailTaken: 'This e-mail address is already in use. Please choose another one.',
  authRecentLoginRequired: 'For your security, please enter your current password again.',
  authOperationNotAllowed: 'This change is not allowed for your account. Please contact support.',
  authVerifyCurrentEmailFirst: 'Please verify your current e-mail address first.',
  // Onboarding that leads to a bookable doctor
  subSpecialtyInvalid: 'Please choose sub-specialties of your specialty from the list.',
  credentialFileRefused: '“{name}” is not a PDF, JPEG or PNG file. Please choose another file.',
  profileNoChanges: 'Nothing to save: no field was changed.',
  changeRequestFieldSpecialty: 'specialty',
  changeRequestFieldSubSpecialties: 'sub-specialties',
  changeRequestFieldLicenseNumber: 'licence number',
  changeRequestFieldsAnd: '{list} and {last}',
  applicationsStatusInvalid: 'status must be one of: pending, approved, rejected, suspended.',
  suspensionReasonRequired: 'Please give a reason for the suspension.',
  suspensionReasonTooLong: 'The reason must be at most 500 characters.',
  applicationsSearchInvalid: 'The search must be text of at most 100 characters.',
  applicationsSortInvalid: 'sort must be oldest or newest.',
  scheduleRangeOrder: 'The end time must be after the start time.',
  scheduleBreakOutside: 'A break must lie inside the day’s hours.',
  scheduleSlotLengthInvalid: 'The slot length must be between 5 and 240 minutes.',
  scheduleDateInvalid: "Dates must read 'YYYY-MM-DD'.",
  scheduleVacationOrder: 'A vacation must end on or after its first day.',
  scheduleHoursRequired: 'Send weekly hours (or days and time slots).',
  // Admin lists by keyset, documents on demand
  // Any list's `cursor` that is not the nextCursor of one of its pages (with the same filters).
  listCursorInvalid: 'cursor must be the nextCursor of an earlier page of the same list.',
  // The button under a list that loads its next page (the admin desk's change requests, follow-ups).
  listShowMore: 'Show more',
  applicationsLimitInvalid: 'limit must be a whole number from 1 to 50.',
  // The provider's appointments by date window and page; the patient's earlier visits
  providerWindowFromInvalid: `from must be a date (YYYY-MM-DD) from ${QUERY_DATE_MIN} to ${QUERY_DATE_MAX}.`,
  providerWindowToInvalid: `to must be a date (YYYY-MM-DD) from ${QUERY_DATE_MIN} to ${QUERY_DATE_MAX}.`,
  providerWindowOrder: 'from must not be later than to.',
  providerWindowTooLong: 'The window covers at most {days} days.',
  providerLimitInvalid: 'limit must be a whole number from 1 to {max}.',
  providerCursorInvalid: 'cursor must be the nextCursor of the previous page.',
  fhirFormatInvalid: 'format must be collection or ips.',
  // Importing a record from another system (a FHIR R4 Bundle) and confirming its items
  fhirImportNotBundle: 'The file is not a FHIR Bundle (resourceType must be Bundle).',
  fhirImportWrongType: 'The Bundle must be of type document (a patient summary) or collection.',
  fhirImportTooManyEntries: 'The Bundle has more than {max} entries.',
  fhirImportEntryInvalid: 'Each entry of the Bundle must hold a resource with a resourceType.',
  fhirImportValueInvalid: 'The Bundle has an empty, non-text or overlong value where FHIR wants text.',
  fhirImportItemIdInvalid: 'id must be the id of an imported item.',
  doctorSearchFailed: 'Could not search doctors: {message}',
  doctorCursorInvalid: 'This list is out of date: start the search again.',
  medsStatusTaking: 'Taking',
  medsStatusPaused: 'Paused since {date}',
  medsStatusStopped: 'Stopped on {date}',
  medsStatusReason: '{status} ({reason})',
  medsFormName: 'Medicine name',
  medsFormNameRequired: 'Please enter the medicine’s name.',
  medsFormStrength: 'Strength (e.g. 10 mg)',
  medsFormDose: 'Dose (e.g. 1 tablet)',
  medsFormFrequency: 'How often (e.g. once a day)',
  medsFormNotes: 'Notes',
  medsFormSave: 'Save',
  medsFormCancel: 'Cancel',
  medsSaving: 'Saving…',
  medsFailed: 'That did not work: {message}',
  medsReminderLineOff: 'No reminder',
  medsReminderLineDaily: 'Every day at {time}',
  medsReminderLineRefill: '{days} {days:day|days} before I run out on {date}',
  recordMedicineLine: '{name} — {details}',
  // The mail queue's dead letters on the admin dashboard, and the dev clock.
  mailFailedCursorInvalid: 'cursor must be the nextCursor of the page before.',
  mailFailedLimitInvalid: 'limit must be a whole number from 1 to 50.',
  devClockInvalid: 'offsetMinutes must be a whole number of minutes from -525600 to 525600.',
  unsubscribeTokenMissing: 'This page needs the link from a reminder e-mail.',
  unsubscribeTokenInvalid:
    'This unsubscribe link is not valid. Turn reminders off on your settings page instead.',
  mailSinkSubject: 'Subject',
  devReminderSent: 'Reminder dispatched: {outcome}.',

  // Break-the-glass: an admin states why before reading a patient's health data
  accessReasonRequired:
    'Administrators must state a reason before reading a patient’s health record. Open access with a reason first.',
  accessReasonLength: 'Please give a reason of {min} to {max} characters.',
  accessReasonInvalid: 'Please write the reason without line breaks or control characters.',
  accessReasonLabel:
    'Why do you need this patient’s record? (kept in the audit log and shown to the patient)',
  accessReasonConfirm: 'Open the record',
  accessLookupNotFound: 'No patient with this uid or e-mail.',
  accessLookupVisits: '{count:visit|visits} on record',
  // My medicines: validation and conflicts of the medication routes.
  medicationNameRequired: 'Enter the name of the medicine.',
  medicationTextTooLong: 'This text is too long.',
  medicationDateInvalid: 'Enter a date as YYYY-MM-DD.',
  medicationTimeInvalid: 'Enter a time as HH:MM (24-hour clock).',
  medicationDaysBeforeInvalid: 'Choose between 0 and 60 days before the medicine runs out.',
  medicationVersionRequired: 'Send the version of the entry you changed.',
  medicationStatusInvalid: 'Choose taking, paused or stopped.',
  medicationAppointmentInvalid: 'Choose one of your appointments with this patient.',
  medicationProposalUnknown: 'This suggestion is no longer on your list.',
  medicationCursorInvalid: 'This page of the history is not valid. Reload the list.',
} as const;

/** The whole catalogue: the common texts and every area's (`./messages/<area>.ts`). */
export type Messages = typeof COMMON_MESSAGES &
  typeof SHELL_MESSAGES &
  typeof LANDING_MESSAGES &
  typeof PATIENT_MESSAGES &
  typeof BOOKING_MESSAGES &
  typeof PROVIDER_MESSAGES &
  typeof SERVER_MESSAGES;

/**
 * The message catalogue. Every user-facing text is looked up here so that
 * tests and translations have one place to look. Placeholders are `{name}`, filled by `formatMessage`.
 *
 * A page loads the common texts and the areas of the packages on it: a text only one package uses
 * lives in that package's area module (`@medora/shared/messages/<area>`), which the package imports
 * at each of its entry points and which adds its texts here when it loads. Node (`node.ts`) loads every
 * area. So `MESSAGES.x` is typed for the whole catalogue, and `scripts/test/message-areas.spec.ts`
 * checks that each package uses only the common texts and its own area's.
 */
export const MESSAGES = COMMON_MESSAGES as Messages;

/** Adds an area's texts to the catalogue (each area module calls it once, when it loads). */
export function addMessages(area: Partial<Messages>): void {
  Object.assign(MESSAGES, area);
}

export type MessageKey = keyof Messages;

const pluralRules = new Intl.PluralRules('en-US');

/**
 * The form of a word for `count`, chosen by `Intl.PluralRules` (STYLE: plurals through Intl):
 * `plural(1, 'second', 'seconds')` → 'second'. Catalogue texts use it as `{count:one|other}`.
 */
export function plural(count: number, one: string, other: string): string {
  return pluralRules.select(count) === 'one' ? one : other;
}

/**
 * Fills `{placeholder}` slots of a catalogue message, and `{name:one|other}` with the plural form for
 * the number in `name`; unknown placeholders are left as they are.
 */
export function formatMessage(key: MessageKey, values: Record<string, string | number> = {}): string {
  return MESSAGES[key].replace(
    /\{(\w+)(?::([^|{}]*)\|([^{}]*))?\}/g,
    (whole, name: string, one: string | undefined, other: string | undefined) => {
      if (!(name in values)) return whole;
      return one === undefined ? String(values[name]) : plural(Number(values[name]), one, other ?? one);
    },
  );
}

/**
 * A free text (a reviewer's reason) ready to sit inside a catalogue sentence that adds its own full
 * stop: trimmed, without its final '.', so 'Licence expired.' does not read 'Licence expired..'.
 */
export function withoutFinalStop(text: string): string {
  return text.trim().replace(/\s*\.+$/, '');
}
