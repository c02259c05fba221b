import { z } from 'zod';

/** Outcome of an access attempt written to the audit log. */
export const AUDIT_OUTCOMES = ['allowed', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One audit row (who, role, action, resource, outcome, time) as `GET /api/audit` returns it. */
export interface AuditEntry {
  id: string;
  actorUid: string | null;
  actorRole: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  outcome: AuditOutcome;
  detail: string | null;
  createdAt: string;
}

export const AUDIT_MAX_LIMIT = 500;

/** Filters of `GET /api/audit` (query string; all optional; newest first). */
export const auditQuerySchema = z
  .object({
    actorUid: z.string().min(1).max(128).optional(),
    resourceType: z.string().min(1).max(64).optional(),
    resourceId: z.string().min(1).max(128).optional(),
    action: z.string().min(1).max(64).optional(),
    outcome: z.enum(AUDIT_OUTCOMES).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_MAX_LIMIT).optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;
