import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@medora/shared';
import { LIST_PAGING, visitKeys } from '@medora/shared/query';

/** The patient's visits, newest first, a page at a time (`nextCursor`). */
export const visitsQuery = (uid: string | null) =>
  infiniteQueryOptions({
    queryKey: visitKeys.list(uid ?? ''),
    queryFn: ({ pageParam }) => api.listVisits(uid!, pageParam),
    ...LIST_PAGING,
    enabled: uid !== null,
  });

/** One visit with its answers and clinical summary. */
export const visitQuery = (uid: string | null, id: string | null) =>
  queryOptions({
    queryKey: visitKeys.detail(uid ?? '', id ?? ''),
    queryFn: () => api.getVisit(uid!, id!),
    enabled: uid !== null && id !== null,
  });
