import { queryOptions } from '@tanstack/react-query';
import { api, type PatientResponse } from '@medora/shared';
import { patientKeys } from '@medora/shared/query';

/** The profile of `uid`, or null when there is none yet (404). */
export async function fetchProfile(uid: string): Promise<PatientResponse | null> {
  try {
    return await api.getPatient(uid);
  } catch (e) {
    if ((e as { status?: unknown } | null)?.status === 404) return null;
    throw e;
  }
}

/** The one profile query of this remote (the intake's visitor lookup and the dashboard share its cache). */
export const profileQuery = (uid: string | null) =>
  queryOptions({
    queryKey: patientKeys.detail(uid ?? ''),
    queryFn: () => fetchProfile(uid!),
    enabled: uid !== null,
  });
