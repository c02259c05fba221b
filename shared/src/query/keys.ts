/**
 * Query keys, one factory per domain (STYLE: "Server state in TanStack Query"). Every key of a domain
 * starts with the domain's `all`, so `invalidateQueries({ queryKey: appointmentKeys.all })` reaches
 * every appointment list and detail on the page, whichever package (shell or remote) cached it.
 */
export const patientKeys = {
  all: ['patients'] as const,
  detail: (uid: string) => [...patientKeys.all, 'detail', uid] as const,
  /** The patient's IPS document, read for the printable patient summary. */
  ips: (uid: string) => [...patientKeys.all, 'ips', uid] as const,
};

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (uid: string) => [...appointmentKeys.all, 'list', uid] as const,
  detail: (id: string) => [...appointmentKeys.all, 'detail', id] as const,
};

export const documentKeys = {
  all: ['documents'] as const,
  list: (uid: string) => [...documentKeys.all, 'list', uid] as const,
  /** One stored file (a preview). */
  file: (uid: string, id: string) => [...documentKeys.all, 'file', uid, id] as const,
};

export const doctorKeys = {
  all: ['doctors'] as const,
  /** The doctors a patient may book, with that patient's context (visits, taken slots). */
  withContext: (uid: string) => [...doctorKeys.all, 'with-context', uid] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (uid: string) => [...notificationKeys.all, 'list', uid] as const,
};

export const providerKeys = {
  all: ['provider'] as const,
  overview: () => [...providerKeys.all, 'overview'] as const,
  appointments: () => [...providerKeys.all, 'appointments'] as const,
  schedule: () => [...providerKeys.all, 'schedule'] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  /** A page of a queue with its search and order, from a keyset cursor. */
  applications: (filters: { status: string; q: string; sort: string; cursor: string | null }) =>
    [...adminKeys.all, 'applications', filters] as const,
};

// Doctor signup and onboarding (mfe-provider application).
export const doctorApplicationKeys = {
  all: ['doctor-application'] as const,
  /** The signed-in applicant's own record (GET /api/doctors/{uid}). */
  own: (uid: string) => [...doctorApplicationKeys.all, 'own', uid] as const,
  /** The approved doctor's latest profile change request (GET /api/doctors/{uid}/change-request). */
  changeRequest: (uid: string) => [...doctorApplicationKeys.all, 'change-request', uid] as const,
};

// Shell (shell server state): the session behind the guards, a doctor's application as
// the onboarding guard reads it, and the emulator's mailbox of the local tools.
export const sessionKeys = {
  all: ['session'] as const,
  /** GET /api/me of the signed-in account; verifying the email asks again. */
  me: (uid: string, emailVerified: boolean) => [...sessionKeys.all, 'me', uid, emailVerified] as const,
};

export const doctorRecordKeys = {
  /** Under `doctorKeys.all`, so invalidating the doctors reaches it. */
  detail: (uid: string) => [...doctorKeys.all, 'record', uid] as const,
};

export const mailboxKeys = {
  all: ['mailbox'] as const,
  list: (emulatorUrl: string, projectId: string) => [...mailboxKeys.all, emulatorUrl, projectId] as const,
};

// A patient's visits and the unsent intake kept on the server.
export const visitKeys = {
  /** Under `patientKeys.all`, so what invalidates a patient's record reaches the visits too. */
  all: (uid: string) => [...patientKeys.all, 'visits', uid] as const,
  list: (uid: string) => [...visitKeys.all(uid), 'list'] as const,
  detail: (uid: string, id: string) => [...visitKeys.all(uid), 'detail', id] as const,
};

/** Who looked at the patient's record (the patient's own list; not under the record's keys). */
export const accessLogKeys = {
  list: (uid: string) => ['access-log', uid] as const,
};

export const draftKeys = {
  detail: (uid: string) => [...patientKeys.all, 'draft', uid] as const,
};

// The settings page's account (name, phone, stored e-mail) and notification preferences.
export const settingsKeys = {
  all: ['settings'] as const,
  account: (uid: string) => [...settingsKeys.all, 'account', uid] as const,
  preferences: (uid: string) => [...settingsKeys.all, 'preferences', uid] as const,
};

// A file previewed in the page on the provider dashboard (fetched once per preview).
export const providerFileKeys = {
  all: ['provider-file'] as const,
  prescription: (appointmentId: string) => [...providerFileKeys.all, 'prescription', appointmentId] as const,
};

// The admin desk — a suspended doctor's upcoming appointments (under `adminKeys.all`).
export const adminDeskKeys = {
  upcoming: (doctorId: string) => [...adminKeys.all, 'upcoming', doctorId] as const,
  /** A page of the audit screen: its filters and its cursor (null: the first page). */
  audit: (filters: Record<string, string>, cursor: string | null) =>
    [...adminKeys.all, 'audit', filters, cursor] as const,
};

// An applicant's credential previewed in the page on the admin desk (fetched once per preview).
export const credentialFileKeys = {
  credential: (credentialId: string) => [...providerFileKeys.all, 'credential', credentialId] as const,
};

// Approved doctors' open profile change requests on the admin desk (under `adminKeys.all`).
export const adminChangeRequestKeys = {
  list: () => [...adminKeys.all, 'change-requests'] as const,
};

// One application's documents, loaded when the admin opens them (under `adminKeys.all`).
export const adminApplicationKeys = {
  credentials: (doctorId: string) => [...adminKeys.all, 'application-credentials', doctorId] as const,
};

// The provider's appointments by window (under `providerKeys.appointments()`, so the card
// mutations reach every window) and one card's intake.
export const providerWindowKeys = {
  window: (from: string, to: string) => [...providerKeys.appointments(), 'window', from, to] as const,
  intake: (appointmentId: string) => [...providerKeys.appointments(), 'intake', appointmentId] as const,
};

// The doctor search's pages and a doctor's free slots; under doctorKeys.all, so a booking
// (which invalidates doctorKeys.all) refreshes both.
export const doctorSearchKeys = {
  all: [...doctorKeys.all, 'search'] as const,
  /** Pages of the search of patient `uid` (infinite query; filters as sent). */
  pages: (uid: string, filters: { conditions: string; specialty: string; q: string }) =>
    [...doctorSearchKeys.all, uid, filters] as const,
  /** The patient's conditions and symptoms as the search reads them (under the patient's own key). */
  hints: (uid: string) => [...patientKeys.detail(uid), 'booking-hints'] as const,
  slots: (doctorId: string, from: string, to: string) =>
    [...doctorKeys.all, 'slots', doctorId, from, to] as const,
};

// The admin dashboard's failed e-mail (under `adminKeys.all`).
export const mailAdminKeys = {
  failed: () => [...adminKeys.all, 'mail-failed'] as const,
};
// The local SMTP sink's e-mails (/dev/mailbox) and an unsubscribe link's check
export const mailSinkKeys = {
  all: ['mail-sink'] as const,
  list: () => [...mailSinkKeys.all, 'list'] as const,
  detail: (id: string) => [...mailSinkKeys.all, 'detail', id] as const,
};
export const unsubscribeKeys = {
  check: (token: string) => ['unsubscribe', token] as const,
};

// A patient's medicine list (My medicines) and its stopped medicines, as the patient and their doctor see it.
export const medicationKeys = {
  all: ['medications'] as const,
  list: (uid: string) => [...medicationKeys.all, 'list', uid] as const,
  history: (uid: string) => [...medicationKeys.all, 'history', uid] as const,
};

/** Items a patient imported from another system; under the record's keys (confirmed ones join it). */
export const importedRecordKeys = {
  list: (uid: string) => [...patientKeys.all, 'imported', uid] as const,
};
