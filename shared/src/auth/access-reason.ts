import { MESSAGES, formatMessage } from '@medora/shared/messages';
import type { ListPage } from '../list-page.js';

/**
 * Break-the-glass: an admin reads a patient's health data only after stating why. The reason opens a
 * grant for that one patient, for this many minutes; every read while it is open is audited with it.
 */
export const ACCESS_GRANT_MINUTES = 60;
/** The stated reason: long enough to say something, short enough for an audit row. */
export const ACCESS_REASON_MIN_LENGTH = 10;
export const ACCESS_REASON_MAX_LENGTH = 500;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The catalogue message for a reason that cannot be accepted, null for a good one (trimmed first). */
export function accessReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text.length < ACCESS_REASON_MIN_LENGTH || text.length > ACCESS_REASON_MAX_LENGTH) {
    return formatMessage('accessReasonLength', {
      min: ACCESS_REASON_MIN_LENGTH,
      max: ACCESS_REASON_MAX_LENGTH,
    });
  }
  return CONTROL_CHARACTERS.test(text) ? MESSAGES.accessReasonInvalid : null;
}

/** `POST /api/patients/{uid}/access-reason`: the grant the admin now holds. */
export interface AccessGrant {
  patientUid: string;
  reason: string;
  grantedAt: string;
  expiresAt: string;
}

/** Who reached a patient's health data, as the patient's "Who looked at my record" lists it. */
export interface AccessLogEntry {
  id: string;
  at: string;
  /** 'doctor', 'provider' or 'admin' (never another patient). */
  role: string;
  /** The account's name (a doctor's name from their record), null when none is known. */
  name: string | null;
  /** What was looked at, in words. */
  what: string;
  /** An admin's stated reason (break-the-glass), else null. */
  reason: string | null;
}

/** `GET /api/patients/{uid}/access-log`: newest first; `nextCursor` asks for the next page. */
export type AccessLogResponse = ListPage<AccessLogEntry>;

/** Rows of one page of the access log. */
export const ACCESS_LOG_PAGE_SIZE = 20;
