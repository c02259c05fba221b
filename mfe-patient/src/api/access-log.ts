import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@medora/shared';
import { LIST_PAGING, accessLogKeys } from '@medora/shared/query';

/** Who looked at the patient's record, newest first, a page at a time (`nextCursor`). */
export const accessLogQuery = (uid: string | null) =>
  infiniteQueryOptions({
    queryKey: accessLogKeys.list(uid ?? ''),
    queryFn: ({ pageParam }) => api.accessLog(uid!, pageParam),
    ...LIST_PAGING,
    enabled: uid !== null,
  });
