import { useQuery } from '@tanstack/react-query';
import { MESSAGES, api } from '@medora/shared';
import { adminKeys } from '@medora/shared/query';

/** The admin's counters, by their field in the overview. */
export const ADMIN_COUNTERS = {
  pendingApplications: MESSAGES.adminStatPending,
  approvedDoctors: MESSAGES.adminStatApproved,
  patients: MESSAGES.adminStatPatients,
  appointmentsThisWeek: MESSAGES.adminStatWeek,
};

/** The desk's counters (`GET /api/admin/overview`). */
export function useAdminOverview() {
  return useQuery({ queryKey: adminKeys.overview(), queryFn: () => api.adminDashboardOverview() });
}
