import { isClinicianRole, type MeAccess, type Role } from '@medora/shared';

/**
 * The signed-in account's own dashboard: the account menu's Dashboard, the logo, and where
 * a page the account may not open sends it. Decided by the server's `access`, so it never leads to a
 * page that refuses the account again: admin → /admin; an approved doctor or provider →
 * /provider-dashboard; one not (yet) approved → /doctor-onboarding; anyone else → /dashboard.
 */
export function dashboardPathFor({ role, access }: { role: Role; access: MeAccess }): string {
  if (access.admin) return '/admin';
  if (access.providerDashboard) return '/provider-dashboard';
  if (isClinicianRole(role)) return '/doctor-onboarding';
  return '/dashboard';
}
