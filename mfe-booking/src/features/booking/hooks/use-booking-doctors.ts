import { useQuery } from '@tanstack/react-query';
import { api } from '@medora/shared';
import { doctorKeys } from '@medora/shared/query';
import { loadDoctors, type BookableDoctor } from '../api/load-doctors';

export interface BookingDoctors {
  loading: boolean;
  doctors: BookableDoctor[];
  /** The patient's current symptoms that made some doctors "suggested". */
  symptoms: string[];
}

const NONE: BookableDoctor[] = [];
const NO_SYMPTOMS: string[] = [];

/**
 * The doctors the signed-in patient may book, with their taken slots. A booking or a taken slot (409)
 * invalidates `doctorKeys`, which fetches them again. `loadDoctors` never fails: it falls back (spec §7).
 */
export function useBookingDoctors(uid: string | undefined): BookingDoctors {
  const query = useQuery({
    queryKey: doctorKeys.withContext(uid ?? ''),
    queryFn: () => loadDoctors(api, uid!),
    enabled: uid !== undefined,
  });
  return {
    loading: query.isPending,
    doctors: query.data?.doctors ?? NONE,
    symptoms: query.data?.symptoms ?? NO_SYMPTOMS,
  };
}
