import { z } from 'zod';
import { AUDIT_MAX_LIMIT } from '../doctors/admin-desk.js';
import { pageCursorSchema, pageLimitSchema } from './page-limit.js';
import { MESSAGES } from '@medora/shared/messages';
import { querySchema } from './query-string.js';
import type { ListPage } from '../list-page.js';

/**
 * Every action the audit log records: the API writes only these (the type is checked at
 * every call), so a reviewer can filter on a fixed vocabulary instead of guessing free strings.
 * Append new actions here; never rename one that rows already carry.
 */
export const AUDIT_ACTIONS = [
  // What was done to a patient profile, document or appointment.
  'read',
  'write',
  'list',
  'create',
  'cancel',
  'delete',
  'download',
  // An appointment's .ics calendar file.
  'export',
  // A refusal before any service ran (the role guard), or one without a more specific action.
  'access',
  'user.read',
  'doctor.read',
  'doctor.apply',
  'doctor.approve',
  'doctor.reject',
  'doctor.reopen',
  'doctor.schedule.update',
  'application.read',
  'credential.upload',
  'credential.view',
  'appointment.status',
  'appointment.prescription.upload',
  'appointment.prescription.download',
  'audit.read',
  // A patient moved an appointment to another slot.
  'appointment.reschedule',
  // An approved doctor edited their profile.
  'doctor.profile.update',
  // An admin suspends or reinstates an approved doctor.
  'doctor.suspend',
  'doctor.reinstate',
  // An admin sent a dead-lettered e-mail again.
  'mail.retry',
  // A clinician marked a visit's red flag reviewed (it is no longer carried to later summaries).
  'flag.review',
  // An admin stated a reason and opened a patient's health record for a while (break-the-glass).
  'access.grant',
  // An admin decides an approved doctor's request to change their licence number or specialty.
  'doctor.change.approve',
  'doctor.change.reject',
  // My medicines: the patient confirms, stops / pauses / restarts, sets a reminder, dismisses a
  // suggestion; a doctor marks the list reviewed at a visit.
  'medication.confirm',
  'medication.status',
  'medication.reminder',
  'medication.dismiss',
  'medication.review',
  // A patient imported a record from another system (a FHIR Bundle), then confirmed or dismissed its items.
  'record.import',
  'record.import.confirm',
  'record.import.dismiss',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit row's `resourceType` names (`resourceId` is then its id or uid). */
export const AUDIT_RESOURCE_TYPES = [
  'profile',
  'document',
  'appointment',
  'user',
  'doctor',
  'credential',
  'schedule',
  'dashboard',
  'audit_log',
  // A mail job of the queue (its id).
  'mail_job',
  // A medicine on a patient's list (its id), or the list (the patient's uid).
  'medication',
  // An item imported from another system's record (its id).
  'imported_item',
  'unknown',
] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

/**
 * What the caller actually got, as the audit log records it: 'allowed' (done), 'denied' (refused by an
 * access rule), 'not_found' (access passed but the object is not there, or not under that owner),
 * 'rejected' (refused for what the request asked, any other 4xx) and 'failed' (a server error).
 */
export const AUDIT_OUTCOMES = ['allowed', 'denied', 'not_found', 'rejected', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One audit row (who, role, from where, action, resource, outcome, time) as `GET /api/audit` returns it. */
export interface AuditEntry {
  id: string;
  actorUid: string | null;
  actorRole: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  outcome: AuditOutcome;
  detail: string | null;
  /** The client's address as the API saw it (`request.ip`, after the trusted-proxy rules). */
  clientIp: string | null;
  userAgent: string | null;
  createdAt: string;
  /** The actor's account name (else e-mail) when the account still exists, for the audit screen. */
  actorName: string | null;
}

/** `GET /api/audit`: a page of audit rows, newest first. */
export type AuditPage = ListPage<AuditEntry>;

/** Dates outside these years are refused (Postgres has no year 0; nobody audits year 12345). */
export const AUDIT_MIN_YEAR = 2000;
export const AUDIT_MAX_YEAR = 9999;

const auditTime = (name: string) =>
  z
    .string({ error: `${name} must be an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z` })
    .max(40, { error: `${name} must be an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z` })
    .pipe(
      z.iso.datetime({
        offset: true,
        error: `${name} must be an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z`,
      }),
    )
    .refine(
      (value) => {
        const year = new Date(value).getUTCFullYear();
        return year >= AUDIT_MIN_YEAR && year <= AUDIT_MAX_YEAR;
      },
      { error: `${name} must be between the years ${AUDIT_MIN_YEAR} and ${AUDIT_MAX_YEAR}` },
    );

/** One value per filter: `?limit=1&limit=2` arrives as an array and is refused, not half-read. */
const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be given once, as text` })
    .min(1, { error: `${name} must not be empty` })
    .max(max, { error: `${name} must be at most ${max} characters` });

/** Filters of `GET /api/audit` (query string; all optional; newest first). */
export const auditQuerySchema = querySchema(
  {
    // Who acted: a uid exactly, or an account's e-mail or a part of its name (the admin's audit screen).
    actor: text('actor', 128).optional(),
    resourceType: z
      .enum(AUDIT_RESOURCE_TYPES, {
        error: `resourceType must be one of: ${AUDIT_RESOURCE_TYPES.join(', ')}`,
      })
      .optional(),
    resourceId: text('resourceId', 128).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'action must be one of the audit log’s actions' }).optional(),
    outcome: z
      .enum(AUDIT_OUTCOMES, { error: `outcome must be one of: ${AUDIT_OUTCOMES.join(', ')}` })
      .optional(),
    from: auditTime('from').optional(),
    to: auditTime('to').optional(),
    limit: pageLimitSchema({
      max: AUDIT_MAX_LIMIT,
      message: `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`,
      notOnce: 'limit must be given once, as a whole number',
    }).optional(),
    // The next page: the previous page's `nextCursor` (it names these very filters).
    cursor: pageCursorSchema(MESSAGES.listCursorInvalid).optional(),
  },
  [
    {
      ok: (q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to),
      message: 'from must not be later than to',
      path: 'from',
    },
  ],
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;
