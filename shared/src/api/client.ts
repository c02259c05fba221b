import { ApiError } from './api-error.js';
import type {
  AdminOverview,
  CreateUserInput,
  HealthResponse,
  MeResponse,
  NotificationsResponse,
  User,
} from '../schemas/users.js';
import type { SavePatientInput } from '../schemas/intake.js';
import type { PatientDocument, PatientResponse } from '../intake/patient-types.js';
import type { CreateAppointmentInput } from '../schemas/appointments.js';
import type { Appointment, DoctorsWithContextResponse, PublicDoctor } from '../booking/types.js';

export interface ApiClientOptions {
  /** Base URL of the API, default same-origin `/api` (spec §7: base address from configuration). */
  baseUrl?: string;
  /** Returns the caller's Firebase ID token, or null when signed out. */
  getToken?: () => Promise<string | null>;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Optional timeout in ms; the spec sets none by default. */
  timeoutMs?: number;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Skip the Authorization header (public routes). */
  anonymous?: boolean;
  signal?: AbortSignal;
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
    if (!req.anonymous && state.getToken) {
      const token = await state.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const signal =
      req.signal ?? (state.timeoutMs !== undefined ? AbortSignal.timeout(state.timeoutMs) : undefined);
    const doFetch = state.fetch ?? globalThis.fetch.bind(globalThis);
    const res = await doFetch(url, { method: req.method ?? 'GET', headers, body, signal });
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
    return data as T;
  }

  const endpoints = {
    health: () => request<HealthResponse>('/health', { anonymous: true }),
    me: () => request<MeResponse>('/me'),
    createUser: (input: CreateUserInput) => request<User>('/users', { method: 'POST', body: input }),
    getUser: (uid: string) => request<User>(`/users/${encodeURIComponent(uid)}`),
    notifications: () => request<NotificationsResponse>('/notifications'),
    markNotificationsRead: (ids: string[]) =>
      request<NotificationsResponse>('/notifications/read', { method: 'POST', body: { ids } }),
    adminOverview: () => request<AdminOverview>('/admin/overview'),
    /** `GET /api/doctors/{uid}` (spec §7): exists, data.onboardingCompleted, data.verificationStatus. */
    getDoctor: (uid: string) =>
      request<{ exists: boolean; data?: { onboardingCompleted?: boolean; verificationStatus?: string } }>(
        `/doctors/${encodeURIComponent(uid)}`,
      ),
    /** `GET /api/patients/{uid}` (spec §7): 404 means a new patient. */
    getPatient: (uid: string) => request<PatientResponse>(`/patients/${encodeURIComponent(uid)}`),
    /** `POST /api/patients` (spec §7): saves the caller's intake record. */
    savePatient: (input: SavePatientInput) =>
      request<PatientResponse>('/patients', { method: 'POST', body: input }),
    /** `GET /api/patients/{uid}/documents` (spec §7). */
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
    /** `POST /api/patients/{uid}/documents` JSON body (spec §7): a metadata-only record. */
    createDocumentRecord: (uid: string, input: { name: string; type: string; fileUrl?: string }) =>
      request<PatientDocument>(`/patients/${encodeURIComponent(uid)}/documents`, {
        method: 'POST',
        body: input,
      }),
    /** `GET /api/doctors` (spec §7): approved, available doctors, public fields only. */
    listDoctors: () => request<PublicDoctor[]>('/doctors', { anonymous: true }),
    /** `GET /api/doctors-with-context/{uid}` (spec §7): doctors with this patient's visits and taken slots. */
    doctorsWithContext: (uid: string) =>
      request<DoctorsWithContextResponse>(`/doctors-with-context/${encodeURIComponent(uid)}`),
    /** `GET /api/appointments?uid=` (spec §7). */
    listAppointments: (uid: string) => request<Appointment[]>('/appointments', { query: { uid } }),
    /** `GET /api/appointments/{id}` (spec §7). */
    getAppointment: (id: string) => request<Appointment>(`/appointments/${encodeURIComponent(id)}`),
    /** `POST /api/appointments` (spec §7); a retry with the same `idempotencyKey` returns the same booking. */
    createAppointment: (input: CreateAppointmentInput, idempotencyKey?: string) =>
      request<Appointment>('/appointments', {
        method: 'POST',
        body: input,
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
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
