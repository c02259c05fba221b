/**
 * What `npm run bench:scale` measures: ONE table of the measured URLs, so that it can be
 * adjusted in one place when the routes change. A route that does not exist yet, or ignores a
 * parameter, is still measured: the report prints the status it answered and what it sent.
 */

/** Ids and dates of the seeded data the paths are made of. */
export interface ScaleContext {
  /** The measured patient (an emulator account with appointments at the heavy doctor). */
  patientUid: string;
  /** The heavy doctor (the provider account's doctor row). */
  heavyDoctorId: string;
  /** An upcoming, active appointment of the heavy doctor. */
  heavyAppointmentId: string;
  /** A pending application (a doctor id), when the size has any. */
  applicationId: string | null;
  /** Today and 30 days on (UTC, YYYY-MM-DD): a booking window. */
  today: string;
  monthAhead: string;
}

/** Whose token the request carries (`public`: none). */
export type ScaleCaller = 'patient' | 'doctor' | 'admin' | 'public';

export interface ScaleEndpoint {
  name: string;
  caller: ScaleCaller;
  /** The path with its query, or null when this size has nothing to ask for (then not measured). */
  path: (c: ScaleContext) => string | null;
}

export const SCALE_ENDPOINTS: readonly ScaleEndpoint[] = [
  {
    name: 'GET /api/doctors-with-context/{uid}',
    caller: 'patient',
    path: (c) => `/api/doctors-with-context/${c.patientUid}`,
  },
  {
    name: 'GET /api/doctors-with-context/{uid}?specialty=Cardiology',
    caller: 'patient',
    path: (c) => `/api/doctors-with-context/${c.patientUid}?specialty=Cardiology`,
  },
  {
    name: 'GET /api/doctors-with-context/{uid}?q=Patel',
    caller: 'patient',
    path: (c) => `/api/doctors-with-context/${c.patientUid}?q=Patel`,
  },
  { name: 'GET /api/doctors', caller: 'public', path: () => '/api/doctors' },
  {
    name: 'GET /api/doctors?specialty=Cardiology',
    caller: 'public',
    path: () => '/api/doctors?specialty=Cardiology',
  },
  {
    name: 'GET /api/doctors/{id}/slots?from&to (31 days)',
    caller: 'patient',
    path: (c) => `/api/doctors/${c.heavyDoctorId}/slots?from=${c.today}&to=${c.monthAhead}`,
  },
  {
    name: 'GET /api/appointments?uid=',
    caller: 'patient',
    path: (c) => `/api/appointments?uid=${c.patientUid}`,
  },
  { name: 'GET /api/provider/appointments', caller: 'doctor', path: () => '/api/provider/appointments' },
  {
    name: 'GET /api/provider/appointments/{id}/intake',
    caller: 'doctor',
    path: (c) => `/api/provider/appointments/${c.heavyAppointmentId}/intake`,
  },
  {
    name: 'GET /api/admin/applications?status=pending',
    caller: 'admin',
    path: () => '/api/admin/applications?status=pending',
  },
  {
    name: 'GET /api/admin/applications/{id}/credentials',
    caller: 'admin',
    path: (c) => (c.applicationId ? `/api/admin/applications/${c.applicationId}/credentials` : null),
  },
  { name: 'GET /api/audit?action=read', caller: 'admin', path: () => '/api/audit?action=read' },
  { name: 'GET /api/audit?outcome=denied', caller: 'admin', path: () => '/api/audit?outcome=denied' },
  {
    name: 'GET /api/audit?action=doctor.reinstate (no match)',
    caller: 'admin',
    path: () => '/api/audit?action=doctor.reinstate',
  },
  { name: 'GET /api/admin/overview', caller: 'admin', path: () => '/api/admin/overview' },
];

/** The write measured beside the reads (distinct free slots, so every answer is a 201). */
export const SCALE_BOOKING_ENDPOINT = 'POST /api/appointments';
