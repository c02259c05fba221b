import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, conditionFilterSpecialties } from '@medora/shared';
import { LIST_PAGING, doctorSearchKeys } from '@medora/shared/query';
import { loadDoctorPage, loadPatientHints, type BookableDoctor } from '../api/load-doctors';

export interface BookingDoctors {
  loading: boolean;
  doctors: BookableDoctor[];
  /** The patient's current symptoms that made some doctors "suggested". */
  symptoms: string[];
  /** Whether the patient's conditions narrow the list, i.e. "Show all doctors" means something. */
  filteredByConditions: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

const NONE: BookableDoctor[] = [];
const NO_STRINGS: string[] = [];

/** What the doctor step sets: the text search, the specialty and "Show all doctors". */
export interface DoctorSearchInput {
  q: string;
  specialty: string;
  showAll: boolean;
}

/**
 * The doctors the signed-in patient may book, a page at a time from the server's search
 * (the chronic-condition filter unless "Show all doctors", a specialty, name/clinic text), with
 * "load more". A booking or a taken slot (409) invalidates `doctorKeys`, which refetches the pages.
 * The page loader never fails: it falls back.
 */
export function useBookingDoctors(uid: string | undefined, search: DoctorSearchInput): BookingDoctors {
  const hints = useQuery({
    queryKey: doctorSearchKeys.hints(uid ?? ''),
    queryFn: () => loadPatientHints(api, uid!),
    enabled: uid !== undefined,
  });
  const conditions = search.showAll ? NO_STRINGS : (hints.data?.conditions ?? NO_STRINGS);
  const symptoms = hints.data?.symptoms ?? NO_STRINGS;
  const filters = { conditions, specialty: search.specialty, q: search.q.trim() };
  const pages = useInfiniteQuery({
    queryKey: doctorSearchKeys.pages(uid ?? '', {
      conditions: conditions.join(','),
      specialty: filters.specialty,
      q: filters.q,
    }),
    queryFn: ({ pageParam }) => loadDoctorPage(api, uid!, filters, symptoms, pageParam),
    ...LIST_PAGING,
    enabled: uid !== undefined && hints.isFetched,
    placeholderData: (previous) => previous,
  });
  const doctors = pages.data?.pages.flatMap((p) => p.doctors) ?? NONE;
  return {
    loading: pages.isPending,
    doctors,
    symptoms,
    filteredByConditions: conditionFilterSpecialties(hints.data?.conditions ?? NO_STRINGS) !== null,
    hasMore: pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    loadMore: () => void pages.fetchNextPage(),
  };
}
