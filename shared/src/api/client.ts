import { takeEarlyApiResponse } from './early-response.js';
import { ApiError } from './api-error.js';
import { MESSAGES } from '@medora/shared/messages';
import type {
  Account,
  CreateUserInput,
  MeResponse,
  NotificationsResponse,
  UpdateAccountInput,
  User,
} from '../schemas/users.js';
import type { NotificationPreferences } from '../auth/account-fields.js';
import type { FailedMailPage, FailedMailRetry } from '../schemas/mail-jobs.js';
import type { MailSinkMessage, MailSinkSummary, UnsubscribeStatus } from '../mail/mail-links.js';
import type { SavePatientInput } from '../schemas/intake.js';
import type { PatientDocument, PatientResponse } from '../intake/patient-types.js';
import type { DraftResponse, IntakeDraft, VisitDetail, VisitsResponse } from '../intake/visit.js';
import type { CreateAppointmentInput, RescheduleAppointmentInput } from '../schemas/appointments.js';
import type {
  Appointment,
  DoctorSlotsResponse,
  DoctorsWithContextResponse,
  PublicDoctor,
} from '../booking/types.js';
import type {
  AdminDashboardOverview,
  ApplicationsPage,
  ChangeRequestsPage,
  CredentialsPage,
  FollowUpPage,
  PatientLookupResult,
  SuspensionResult,
  AppointmentStatusUpdate,
  CreateDoctorInput,
  CredentialRecord,
  CredentialType,
  DoctorChangeRequest,
  DoctorChangeRequestResponse,
  DoctorRecord,
  DoctorProfileResponse,
  DoctorProfileUpdate,
  DoctorRecordResponse,
  ProviderAppointmentIntake,
  ProviderAppointmentsPage,
  ProviderOverview,
  ProviderScheduleInput,
  ProviderScheduleResponse,
} from '../schemas/doctors.js';
import type { AuditPage, AuditQuery } from '../schemas/audit.js';
import type {
  FhirExportFormat,
  FhirImportResult,
  ImportedRecordItem,
  ImportedRecordsPage,
} from '../schemas/fhir.js';
import type { AccessGrant, AccessLogResponse } from '../auth/access-reason.js';
import type { ApplicationQueue, ApplicationSort } from '../doctors/admin-desk.js';
import type { Medication, MedicationHistoryPage, MedicationListResponse } from '../medications/types.js';
import type {
  MedicationInput,
  MedicationReminderInput,
  MedicationStatusInput,
  MedicationUpdate,
} from '../schemas/medications.js';

/** Filters of `GET /api/audit` as the client sends them. */

/** The doctor search's filters (every one optional; conditions go comma-separated). */
export interface DoctorSearchParams {
  specialty?: string;
  conditions?: readonly string[];
  q?: string;
  availableFrom?: string;
  cursor?: string;
  limit?: number;
}

function searchQuery(s: DoctorSearchParams): Record<string, string | number | undefined> {
  return {
    specialty: s.specialty || undefined,
    condition: s.conditions && s.conditions.length > 0 ? s.conditions.join(',') : undefined,
    q: s.q?.trim() || undefined,
    availableFrom: s.availableFrom,
    cursor: s.cursor,
    limit: s.limit,
  };
}

export type AuditFilters = Partial<AuditQuery>;

export interface ApiClientOptions {
  /** Base URL of the API, default same-origin `/api` (base address from configuration). */
  baseUrl?: string;
  /**
   * Returns the caller's Firebase ID token, or null when signed out. `forceRefresh` asks for
   * a new token from a reloaded account: after a 403 verifyEmailFirst, so an email verified since the
   * token was issued reaches the API without signing in again.
   */
  getToken?: (forceRefresh?: boolean) => Promise<string | null>;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Optional timeout in ms; the spec sets none by default. */
  timeoutMs?: number;
  /**
   * Development check of each JSON success body: the shell sets `checkResponse` from
   * `@medora/shared/schemas` outside production builds, so zod never reaches the client's own bundle.
   * `path` is relative to the API root, e.g. `/appointments/abc`.
   */
  validateResponse?: (method: string, path: string, data: unknown) => void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Skip the Authorization header (public routes). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** 'blob': a 2xx answer is returned as a DownloadedFile (bytes + the Content-Disposition name). */
  responseType?: 'json' | 'blob';
  /** The request may outlive the page (a save on leaving it); bodies up to 64 KB. */
  keepalive?: boolean;
}

/** A file downloaded through the authenticated client (documents, .ics). */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (filename* first), or null. */
  fileName: string | null;
  contentType: string | null;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` wins). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  return (plain?.[1] ?? plain?.[2]?.trim()) || null;
}

/** Whether a 403 is the API's "verify your email first" refusal (read from a clone: the body stays unread). */
async function isVerifyEmailFirst(res: Response): Promise<boolean> {
  try {
    const data = (await res.clone().json()) as { message?: unknown };
    return data.message === MESSAGES.verifyEmailFirst;
  } catch {
    return false;
  }
}

/**
 * The typed API client: one function per endpoint, auth header, base URL and error normalisation in
 * one place. Feature issues add their endpoint functions to `endpoints` below.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const state = { ...options };

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const base = (state.baseUrl ?? '/api').replace(/\/$/, '');
    const query = req.query
      ? Object.entries(req.query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
          .join('&')
      : '';
    const url = `${base}${path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    let body: BodyInit | undefined;
    if (req.body instanceof FormData) {
      body = req.body;
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const signal =
      req.signal ?? (state.timeoutMs !== undefined ? AbortSignal.timeout(state.timeoutMs) : undefined);
    const doFetch = state.fetch ?? globalThis.fetch.bind(globalThis);
    const send = async (forceRefresh: boolean) => {
      if (!req.anonymous && state.getToken) {
        const token = await state.getToken(forceRefresh);
        if (token) headers.Authorization = `Bearer ${token}`;
        // The first screen's GETs may already be under way since the entry chunk (early-response.ts).
        const plainGet = (req.method ?? 'GET') === 'GET' && !req.signal && !req.responseType;
        const early = token && plainGet && !forceRefresh ? takeEarlyApiResponse(url, token) : undefined;
        const earlyRes = early ? await early.catch(() => null) : null;
        if (earlyRes) return earlyRes;
      }
      return doFetch(url, {
        method: req.method ?? 'GET',
        headers,
        body,
        signal,
        ...(req.keepalive ? { keepalive: true } : {}),
      });
    };
    let res = await send(false);
    // The token may predate the email's verification; retry once with a refreshed one.
    if (res.status === 403 && !req.anonymous && state.getToken && (await isVerifyEmailFirst(res))) {
      res = await send(true);
    }
    if (req.responseType === 'blob' && res.status >= 200 && res.status <= 299) {
      const file: DownloadedFile = {
        blob: await res.blob(),
        fileName: fileNameFromDisposition(res.headers.get('content-disposition')),
        contentType: res.headers.get('content-type'),
      };
      return file as T;
    }
    const text = await res.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (res.status < 200 || res.status > 299) {
      const obj = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
      const message =
        (typeof obj.message === 'string' && obj.message) ||
        (typeof obj.error === 'string' && obj.error) ||
        (typeof data === 'string' && data.length < 300 && data) ||
        `Request failed with status ${res.status}`;
      const fields =
        typeof obj.fields === 'object' && obj.fields !== null
          ? (obj.fields as Record<string, string>)
          : undefined;
      throw new ApiError(res.status, message, fields, data);
    }
    if (state.validateResponse && data !== undefined) {
      try {
        state.validateResponse(req.method ?? 'GET', path, data);
      } catch (error) {
        // A broken check must not break the page it is checking.
        console.error('[medora] response check failed', error);
      }
    }
    return data as T;
  }

  const endpoints = {
    me: () => request<MeResponse>('/me'),
    createUser: (input: CreateUserInput) => request<User>('/users', { method: 'POST', body: input }),
    notifications: () => request<NotificationsResponse>('/notifications'),
    markNotificationsRead: (ids: string[]) =>
      request<NotificationsResponse>('/notifications/read', { method: 'POST', body: { ids } }),
    /**
     * `GET /api/doctors/{uid}`: exists, data.onboardingCompleted, data.verificationStatus, and
     * data.suspension while an admin has suspended the doctor.
     */
    getDoctor: (uid: string) =>
      request<{
        exists: boolean;
        data?: {
          onboardingCompleted?: boolean;
          verificationStatus?: string;
          suspension?: { at: string; reason: string } | null;
        };
      }>(`/doctors/${encodeURIComponent(uid)}`),
    /** `GET /api/patients/{uid}`: 404 means a new patient. */
    getPatient: (uid: string) => request<PatientResponse>(`/patients/${encodeURIComponent(uid)}`),
    /** `POST /api/patients`: saves the caller's intake record. */
    savePatient: (input: SavePatientInput) =>
      request<PatientResponse>('/patients', { method: 'POST', body: input }),
    /** `GET /api/patients/{uid}/access-log`: who looked at the record (the owner only), a page at a time. */
    accessLog: (uid: string, cursor?: string) =>
      request<AccessLogResponse>(`/patients/${encodeURIComponent(uid)}/access-log`, {
        query: { cursor },
      }),
    /** `POST /api/patients/{uid}/access-reason`: an admin states why and may read the record for a while. */
    openRecordAccess: (uid: string, reason: string) =>
      request<AccessGrant>(`/patients/${encodeURIComponent(uid)}/access-reason`, {
        method: 'POST',
        body: { reason },
      }),
    /** `GET /api/patients/{uid}/documents`. */
    listDocuments: (uid: string) =>
      request<PatientDocument[]>(`/patients/${encodeURIComponent(uid)}/documents`),
    /** `POST /api/patients/{uid}/documents` with the file's bytes (multipart field `file`). */
    uploadDocument: (uid: string, file: Blob, fileName: string, type: string) => {
      const form = new FormData();
      form.append('type', type);
      form.append('file', file, fileName);
      return request<PatientDocument>(`/patients/${encodeURIComponent(uid)}/documents`, {
        method: 'POST',
        body: form,
      });
    },
    /** `GET /api/doctors`: approved, available doctors, public fields only; one page. */
    listDoctors: (search: DoctorSearchParams = {}) =>
      request<PublicDoctor[]>('/doctors', { anonymous: true, query: searchQuery(search) }),
    /**
     * `GET /api/doctors-with-context/{uid}`: a page of the doctor search with this
     * patient's visits and each doctor's next free slot; `nextCursor` asks for the next page.
     */
    doctorsWithContext: (uid: string, search: DoctorSearchParams = {}) =>
      request<DoctorsWithContextResponse>(`/doctors-with-context/${encodeURIComponent(uid)}`, {
        query: searchQuery(search),
      }),
    /** `GET /api/doctors/{id}/slots`: a doctor's free slots from `from` to `to` (clinic dates). */
    doctorSlots: (doctorId: string, from: string, to: string) =>
      request<DoctorSlotsResponse>(`/doctors/${encodeURIComponent(doctorId)}/slots`, { query: { from, to } }),
    /** `GET /api/appointments?uid=`. */
    listAppointments: (uid: string) => request<Appointment[]>('/appointments', { query: { uid } }),
    /** `GET /api/appointments/{id}`. */
    getAppointment: (id: string) => request<Appointment>(`/appointments/${encodeURIComponent(id)}`),
    /** `POST /api/appointments`; a retry with the same `idempotencyKey` returns the same booking. */
    createAppointment: (input: CreateAppointmentInput, idempotencyKey?: string) =>
      request<Appointment>('/appointments', {
        method: 'POST',
        body: input,
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
    // Patient dashboard
    /** `GET /api/patients/{uid}/documents/{id}/file`: the stored bytes (owner or a booked doctor). */
    downloadDocument: (uid: string, id: string) =>
      request<DownloadedFile>(
        `/patients/${encodeURIComponent(uid)}/documents/${encodeURIComponent(id)}/file`,
        {
          responseType: 'blob',
          headers: { Accept: '*/*' },
        },
      ),
    /** `DELETE /api/patients/{uid}/documents/{id}` (owner): the record and its bytes. */
    deleteDocument: (uid: string, id: string) =>
      request<void>(`/patients/${encodeURIComponent(uid)}/documents/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    // My medicines: the owner, or a doctor in a care relationship with the patient.
    /** `GET /api/patients/{uid}/medications`: current medicines, intake proposals, the last review. */
    listMedications: (uid: string) =>
      request<MedicationListResponse>(`/patients/${encodeURIComponent(uid)}/medications`),
    /** `GET /api/patients/{uid}/medications/history`: stopped medicines, a page at a time. */
    medicationHistory: (uid: string, cursor?: string) =>
      request<MedicationHistoryPage>(`/patients/${encodeURIComponent(uid)}/medications/history`, {
        query: { cursor },
      }),
    /** `POST /api/patients/{uid}/medications`: the patient adds (or confirms a proposal); a doctor proposes. */
    addMedication: (uid: string, input: MedicationInput) =>
      request<Medication>(`/patients/${encodeURIComponent(uid)}/medications`, {
        method: 'POST',
        body: input,
      }),
    /** `PATCH /api/patients/{uid}/medications/{id}` (owner). */
    updateMedication: (uid: string, id: string, input: MedicationUpdate) =>
      request<Medication>(`/patients/${encodeURIComponent(uid)}/medications/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
      }),
    /** `POST /api/patients/{uid}/medications/{id}/status` (owner): stop, pause or restart. */
    setMedicationStatus: (uid: string, id: string, input: MedicationStatusInput) =>
      request<Medication>(
        `/patients/${encodeURIComponent(uid)}/medications/${encodeURIComponent(id)}/status`,
        { method: 'POST', body: input },
      ),
    /** `POST /api/patients/{uid}/medications/{id}/confirm` (owner): a doctor's or an import's entry is right. */
    confirmMedication: (uid: string, id: string) =>
      request<Medication>(
        `/patients/${encodeURIComponent(uid)}/medications/${encodeURIComponent(id)}/confirm`,
        { method: 'POST' },
      ),
    /** `PUT /api/patients/{uid}/medications/{id}/reminder` (owner). */
    setMedicationReminder: (uid: string, id: string, input: MedicationReminderInput) =>
      request<Medication>(
        `/patients/${encodeURIComponent(uid)}/medications/${encodeURIComponent(id)}/reminder`,
        { method: 'PUT', body: input },
      ),
    /** `DELETE /api/patients/{uid}/medications/{id}` (owner, after asking): removed for good, audited. */
    deleteMedication: (uid: string, id: string) =>
      request<void>(`/patients/${encodeURIComponent(uid)}/medications/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    /** `POST /api/patients/{uid}/medications/proposals/{key}/dismiss` (owner): not a medicine I take. */
    dismissMedicationProposal: (uid: string, key: string) =>
      request<void>(
        `/patients/${encodeURIComponent(uid)}/medications/proposals/${encodeURIComponent(key)}/dismiss`,
        { method: 'POST' },
      ),
    /** `POST /api/patients/{uid}/medications/review` (a doctor of the visit): reviewed at this visit. */
    reviewMedications: (uid: string, appointmentId: string) =>
      request<MedicationListResponse>(`/patients/${encodeURIComponent(uid)}/medications/review`, {
        method: 'POST',
        body: { appointmentId },
      }),
    /** `POST /api/appointments/{id}/cancel` (the patient): status Cancelled, the slot is free again. */
    cancelAppointment: (id: string) =>
      request<Appointment>(`/appointments/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    /** `POST /api/appointments/{id}/reschedule`: the same appointment at another free slot. */
    rescheduleAppointment: (id: string, input: RescheduleAppointmentInput) =>
      request<Appointment>(`/appointments/${encodeURIComponent(id)}/reschedule`, {
        method: 'POST',
        body: input,
      }),
    /** `GET /api/appointments/{id}/ics`: the appointment as an iCalendar file. */
    appointmentIcs: (id: string) =>
      request<DownloadedFile>(`/appointments/${encodeURIComponent(id)}/ics`, {
        responseType: 'blob',
        headers: { Accept: 'text/calendar' },
      }),
    /**
     * `GET /api/patients/{uid}/fhir`, the record as a FHIR R4 Bundle file: everything (collection, the
     * default) or the International Patient Summary (`ips`).
     */
    exportHealthRecord: (uid: string, format?: FhirExportFormat) =>
      request<DownloadedFile>(`/patients/${encodeURIComponent(uid)}/fhir`, {
        ...(format ? { query: { format } } : {}),
        responseType: 'blob',
        headers: { Accept: 'application/fhir+json' },
      }),
    /** `POST /api/patients/{uid}/fhir`: import a FHIR R4 Bundle from another system; its items wait for confirmation. */
    importHealthRecord: (uid: string, bundle: unknown) =>
      request<FhirImportResult>(`/patients/${encodeURIComponent(uid)}/fhir`, {
        method: 'POST',
        body: bundle,
      }),
    /** `GET /api/patients/{uid}/fhir/imported`: the imported items, newest first. */
    importedRecordItems: (uid: string, cursor?: string) =>
      request<ImportedRecordsPage>(`/patients/${encodeURIComponent(uid)}/fhir/imported`, {
        query: { cursor },
      }),
    /** `POST /api/patients/{uid}/fhir/imported/{id}/confirm`: the item joins the record's exports. */
    confirmImportedItem: (uid: string, id: string) =>
      request<ImportedRecordItem>(
        `/patients/${encodeURIComponent(uid)}/fhir/imported/${encodeURIComponent(id)}/confirm`,
        { method: 'POST' },
      ),
    /** `POST /api/patients/{uid}/fhir/imported/{id}/dismiss`: the item stays out of the record. */
    dismissImportedItem: (uid: string, id: string) =>
      request<ImportedRecordItem>(
        `/patients/${encodeURIComponent(uid)}/fhir/imported/${encodeURIComponent(id)}/dismiss`,
        { method: 'POST' },
      ),
    /** `GET /api/audit` (admin): a page of audit rows, newest first (`cursor`: the page after). */
    audit: (filters: AuditFilters = {}) => request<AuditPage>('/audit', { query: { ...filters } }),
    // Provider remote and admin queue
    /** `POST /api/doctors`: the caller's application; the server sets the status fields. */
    submitDoctorApplication: (input: CreateDoctorInput) =>
      request<DoctorRecordResponse>('/doctors', { method: 'POST', body: input }),
    /** `POST /api/doctors/{uid}/credentials` with the document's bytes (one call per document). */
    uploadCredential: (uid: string, type: CredentialType, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('type', type);
      form.append('documentName', fileName);
      form.append('file', file, fileName);
      return request<CredentialRecord>(`/doctors/${encodeURIComponent(uid)}/credentials`, {
        method: 'POST',
        body: form,
      });
    },
    /** `GET /api/admin/overview` with the dashboard's counters. */
    adminDashboardOverview: () => request<AdminDashboardOverview>('/admin/overview'),
    /**
     * `GET /api/admin/applications?status=&q=&sort=&cursor=&limit=`: a keyset
     * page of a tab, each with its earlier rejections and how many documents it has.
     */
    adminApplications: (
      query: {
        status?: ApplicationQueue;
        q?: string;
        sort?: ApplicationSort;
        cursor?: string | null;
        limit?: number;
      } = {},
    ) =>
      request<ApplicationsPage>('/admin/applications', {
        query: {
          status: query.status ?? 'pending',
          ...(query.q?.trim() ? { q: query.q.trim() } : {}),
          ...(query.sort ? { sort: query.sort } : {}),
          ...(query.cursor ? { cursor: query.cursor } : {}),
          ...(query.limit ? { limit: String(query.limit) } : {}),
        },
      }),
    /** One application's documents, when the admin opens them (audited). */
    adminApplicationCredentials: (id: string, cursor?: string) =>
      request<CredentialsPage>(`/admin/applications/${encodeURIComponent(id)}/credentials`, {
        query: { cursor },
      }),
    // A decision names the application version the admin reviewed (409 when it changed).
    approveDoctor: (id: string, version: number) =>
      request<DoctorRecord>(`/admin/doctors/${encodeURIComponent(id)}/approve`, {
        method: 'POST',
        body: { version },
      }),
    rejectDoctor: (id: string, version: number, reason: string) =>
      request<DoctorRecord>(`/admin/doctors/${encodeURIComponent(id)}/reject`, {
        method: 'POST',
        body: { reason, version },
      }),
    /** `POST /api/admin/doctors/{id}/reopen`: a decided application goes back to the queue. */
    reopenDoctor: (id: string, version: number) =>
      request<DoctorRecord>(`/admin/doctors/${encodeURIComponent(id)}/reopen`, {
        method: 'POST',
        body: { version },
      }),
    /** `POST /api/admin/doctors/{id}/suspend` with a reason; answers with the follow-ups. */
    suspendDoctor: (id: string, version: number, reason: string) =>
      request<SuspensionResult>(`/admin/doctors/${encodeURIComponent(id)}/suspend`, {
        method: 'POST',
        body: { reason, version },
      }),
    /** `POST /api/admin/doctors/{id}/reinstate`. */
    reinstateDoctor: (id: string, version: number) =>
      request<DoctorRecord>(`/admin/doctors/${encodeURIComponent(id)}/reinstate`, {
        method: 'POST',
        body: { version },
      }),
    /** Approved doctors' open requests to change licence number or specialty, oldest first. */
    adminChangeRequests: (cursor?: string) =>
      request<ChangeRequestsPage>('/admin/change-requests', { query: { cursor } }),
    // A decision names the change request version the admin reviewed (409 when the doctor edited it).
    approveChangeRequest: (id: string, version: number) =>
      request<DoctorChangeRequest>(`/admin/change-requests/${encodeURIComponent(id)}/approve`, {
        method: 'POST',
        body: { version },
      }),
    rejectChangeRequest: (id: string, version: number, reason: string) =>
      request<DoctorChangeRequest>(`/admin/change-requests/${encodeURIComponent(id)}/reject`, {
        method: 'POST',
        body: { reason, version },
      }),
    /** `GET /api/admin/doctors/{id}/upcoming`, a page of a doctor's upcoming appointments, soonest first. */
    adminDoctorUpcoming: (id: string, cursor?: string) =>
      request<FollowUpPage>(`/admin/doctors/${encodeURIComponent(id)}/upcoming`, { query: { cursor } }),
    /** `GET /api/admin/patients?email=`: the patient's uid and name by their e-mail (404 when none). */
    adminFindPatient: (email: string) =>
      request<PatientLookupResult>('/admin/patients', { query: { email } }),
    providerOverview: () => request<ProviderOverview>('/provider/overview'),
    /**
     * `GET /api/provider/appointments` — a window of clinic dates (default today and the
     * next 7 days), a page at a time (`cursor` from the previous page's `nextCursor`).
     */
    providerAppointments: (query: { from?: string; to?: string; cursor?: string; limit?: number } = {}) =>
      request<ProviderAppointmentsPage>('/provider/appointments', { query }),
    /** `GET /api/provider/appointments/{id}/intake`, the summary and intake behind one card. */
    providerAppointmentIntake: (id: string) =>
      request<ProviderAppointmentIntake>(`/provider/appointments/${encodeURIComponent(id)}/intake`),
    setAppointmentStatus: (id: string, status: AppointmentStatusUpdate['status']) =>
      request<{ id: string; status: string }>(`/provider/appointments/${encodeURIComponent(id)}/status`, {
        method: 'PATCH',
        body: { status },
      }),
    /** Undo a Completed / No-Show mark within VISIT_UNDO_HOURS. */
    reopenAppointment: (id: string) =>
      request<{ id: string; status: string }>(`/provider/appointments/${encodeURIComponent(id)}/reopen`, {
        method: 'POST',
      }),
    /** The doctor cancels an upcoming appointment with a reason the patient sees. */
    doctorCancelAppointment: (id: string, reason: string) =>
      request<{ id: string; status: string }>(`/provider/appointments/${encodeURIComponent(id)}/cancel`, {
        method: 'POST',
        body: { reason },
      }),
    uploadPrescription: (id: string, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return request<{ id: string; prescriptionUrl: string }>(
        `/provider/appointments/${encodeURIComponent(id)}/prescription`,
        { method: 'POST', body: form },
      );
    },
    /** `GET /api/admin/credentials/{id}/file`: a credential document for review (admin). */
    credentialFile: (id: string) =>
      request<DownloadedFile>(`/admin/credentials/${encodeURIComponent(id)}/file`, {
        responseType: 'blob',
        headers: { Accept: '*/*' },
      }),
    /** `GET /api/appointments/{id}/prescription`: the patient, the appointment's doctor or an admin. */
    prescriptionFile: (id: string) =>
      request<DownloadedFile>(`/appointments/${encodeURIComponent(id)}/prescription`, {
        responseType: 'blob',
        headers: { Accept: '*/*' },
      }),
    // Visits and the unsent intake kept on the server.
    /** `GET /api/patients/{uid}/visits`: the newest visits first, a page at a time. */
    listVisits: (uid: string, cursor?: string) =>
      request<VisitsResponse>(`/patients/${encodeURIComponent(uid)}/visits`, { query: { cursor } }),
    /** `GET /api/patients/{uid}/visits/{id}`: one visit's answers and clinical summary. */
    getVisit: (uid: string, id: string) =>
      request<VisitDetail>(`/patients/${encodeURIComponent(uid)}/visits/${encodeURIComponent(id)}`),
    /** `POST /api/patients/{uid}/visits/{id}/flags/{flagId}/review` (a clinician): marks a flag reviewed. */
    reviewFlag: (uid: string, visitId: string, flagId: string) =>
      request<{ visitId: string; flagId: string; reviewedAt: string }>(
        `/patients/${encodeURIComponent(uid)}/visits/${encodeURIComponent(visitId)}/flags/${encodeURIComponent(flagId)}/review`,
        { method: 'POST' },
      ),
    /** `GET /api/patients/{uid}/draft` (owner): the unsent intake, or `draft: null`. */
    getDraft: (uid: string) => request<DraftResponse>(`/patients/${encodeURIComponent(uid)}/draft`),
    /** `PUT /api/patients/{uid}/draft` (owner): replaces the unsent intake. */
    saveDraft: (uid: string, draft: IntakeDraft, options: { keepalive?: boolean } = {}) =>
      request<DraftResponse>(`/patients/${encodeURIComponent(uid)}/draft`, {
        method: 'PUT',
        body: draft,
        keepalive: options.keepalive,
      }),
    /** `DELETE /api/patients/{uid}/draft` (owner). */
    deleteDraft: (uid: string) =>
      request<void>(`/patients/${encodeURIComponent(uid)}/draft`, { method: 'DELETE' }),
    providerSchedule: () => request<ProviderScheduleResponse>('/provider/schedule'),
    updateProviderSchedule: (input: ProviderScheduleInput) =>
      request<ProviderScheduleResponse>('/provider/schedule', { method: 'PUT', body: input }),
    // The settings page. The owner is always the token's account.
    account: () => request<Account>('/me/account'),
    updateAccount: (input: UpdateAccountInput) =>
      request<Account>('/me/account', { method: 'PATCH', body: input }),
    // The approved doctor's own profile.
    updateDoctorProfile: (uid: string, input: DoctorProfileUpdate) =>
      request<DoctorProfileResponse>(`/doctors/${encodeURIComponent(uid)}/profile`, {
        method: 'PATCH',
        body: input,
      }),
    /** The doctor's latest change request (pending, or how it was decided). */
    doctorChangeRequest: (uid: string) =>
      request<DoctorChangeRequestResponse>(`/doctors/${encodeURIComponent(uid)}/change-request`),
    preferences: () => request<NotificationPreferences>('/me/preferences'),
    updatePreferences: (input: NotificationPreferences) =>
      request<NotificationPreferences>('/me/preferences', { method: 'PUT', body: input }),
    // Mail that used up its tries, newest first, and sending one again (admin).
    failedMail: (cursor?: string) => request<FailedMailPage>('/admin/mail/failed', { query: { cursor } }),
    retryFailedMail: (id: string) =>
      request<FailedMailRetry>(`/admin/mail/failed/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    // The unsubscribe page (no sign-in: the signed token is the authority; a GET
    // only checks it) and the local SMTP sink's mails (local mode only).
    unsubscribeStatus: (token: string) =>
      request<UnsubscribeStatus>('/mail/unsubscribe', { query: { token }, anonymous: true }),
    unsubscribe: (token: string) =>
      request<UnsubscribeStatus>('/mail/unsubscribe', { method: 'POST', query: { token }, anonymous: true }),
    devMail: () => request<MailSinkSummary[]>('/dev/mail', { anonymous: true }),
    devMailMessage: (id: string) =>
      request<MailSinkMessage>(`/dev/mail/${encodeURIComponent(id)}`, { anonymous: true }),
  };

  return {
    request,
    ...endpoints,
    /** Reconfigures the client (the shell does this once the runtime config is loaded). */
    configure(next: ApiClientOptions) {
      Object.assign(state, next);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The page-wide client. `@medora/shared` is a federation singleton, so the shell configures it once
 * (base URL from the runtime config, token from the auth store) and every remote uses the same one.
 */
export const api = createApiClient();
