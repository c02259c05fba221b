import type { AuditResourceType } from '@medora/shared';
import type { AuditTarget } from './audit-record.js';

/** Path segments that name what a route reaches (plural collection names and a few leaves). */
const SEGMENT_RESOURCES: Record<string, AuditResourceType> = {
  credentials: 'credential',
  documents: 'document',
  prescription: 'appointment',
  appointments: 'appointment',
  schedule: 'schedule',
  overview: 'dashboard',
  applications: 'doctor',
  // A doctor's profile change requests (GET /api/doctors/:uid/change-request, the admin desk's).
  'change-requests': 'doctor',
  'change-request': 'doctor',
  doctors: 'doctor',
  'doctors-with-context': 'doctor',
  patients: 'profile',
  users: 'user',
  audit: 'audit_log',
  // The admin's dead-lettered mail jobs.
  mail: 'mail_job',
};

/**
 * The target of a refusal that happens before any service runs (the role guard): the
 * resource type from the route (its last path segment that names one: `/api/admin/credentials/:id/file`
 * → credential) and the id from the path parameters (`id`, else `uid`).
 */
export function routeAuditTarget(
  method: string | undefined,
  routeUrl: string | undefined,
  params: Record<string, string | undefined> | undefined,
): AuditTarget {
  const segments = (routeUrl ?? '').split('/').filter((s) => s && !s.startsWith(':'));
  let resourceType: AuditResourceType = 'unknown';
  for (let i = segments.length - 1; i >= 0; i--) {
    const found = SEGMENT_RESOURCES[segments[i]!];
    if (found) {
      resourceType = found;
      break;
    }
  }
  const id = params?.id ?? params?.uid;
  return {
    action: 'access',
    resourceType,
    resourceId: typeof id === 'string' && id.length > 0 ? id.slice(0, 200) : null,
    detail: `${method ?? '?'} ${routeUrl ?? '?'}`,
  };
}
