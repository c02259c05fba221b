import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@medora/shared';
import { accessLogKeys } from '@medora/shared/query';

/** Who looked at the patient's record, newest first, a page at a time (`nextBefore`). */
export const accessLogQuery = (uid: string | null) =>
  infiniteQueryOptions({
    queryKey: accessLogKeys.list(uid ?? ''),
    queryFn: ({ pageParam }) => api.accessLog(uid!, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled: uid !== null,
  });
