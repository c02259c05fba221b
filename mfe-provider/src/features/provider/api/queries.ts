import { useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { api, authStore, type DoctorRecord } from '@medora/shared';
import { PAGE_ANSWER_FRESH_MS, doctorApplicationKeys, providerKeys } from '@medora/shared/query';

// The dashboard waits for these answers before it shows the part below its counters, while the editors
// that read them load later: the queries live apart from the editors' code.

/** The weekly schedule as the provider pages read it (one query, shared with the first-hours step). */
export function useProviderSchedule() {
  return useQuery({
    queryKey: providerKeys.schedule(),
    queryFn: () => api.providerSchedule(),
    staleTime: PAGE_ANSWER_FRESH_MS,
  });
}

/** The signed-in doctor's own record (the profile editor's data; the dashboard waits for it). */
export function useOwnDoctorRecord() {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  return useQuery({
    queryKey: doctorApplicationKeys.own(uid ?? ''),
    queryFn: async () => (await api.getDoctor(uid!)).data as DoctorRecord,
    enabled: !!uid,
    staleTime: PAGE_ANSWER_FRESH_MS,
  });
}
