import type { ListPage } from '../list-page.js';

/**
 * The paging of every infinite query over a list route (`ListPage`): the first page without a cursor,
 * each next one with the `nextCursor` of the page before; none after the last page.
 * `infiniteQueryOptions({ queryKey, queryFn: ({ pageParam }) => api.x(pageParam), ...LIST_PAGING })`.
 */
export const LIST_PAGING = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: Pick<ListPage<unknown>, 'nextCursor'>): string | undefined =>
    last.nextCursor ?? undefined,
};
