import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { APPLICATIONS_PAGE_SIZE, api, type ApplicationQueue, type ApplicationSort } from '@medora/shared';
import { adminKeys } from '@medora/shared/query';

/**
 * A queue of applications as the admin walks it: the search as typed, the one sent (on Search), the
 * order, and the keyset cursors of the pages walked so far (the first page has none), so 'Previous
 * page' goes back. `null` while another tab of the desk shows: nothing loads, the search stays.
 */
export function useApplicationQueue(shown: ApplicationQueue | null) {
  const status: ApplicationQueue = shown ?? 'pending';
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<ApplicationSort>('oldest');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? null;
  const query = useQuery({
    queryKey: adminKeys.applications({ status, q, sort, cursor }),
    queryFn: () => api.adminApplications({ status, q, sort, cursor, limit: APPLICATIONS_PAGE_SIZE }),
    // While another queue loads, the one shown stays.
    placeholderData: keepPreviousData,
    enabled: shown !== null,
  });
  const total = query.data?.total ?? 0;
  const nextCursor = query.data?.nextCursor ?? null;
  const firstPage = () => setCursors([]);
  return {
    status,
    query,
    items: query.data?.items ?? null,
    typed,
    setTyped,
    q,
    sort,
    total,
    page: cursors.length + 1,
    pages: Math.max(1, Math.ceil(total / APPLICATIONS_PAGE_SIZE)),
    hasPrevious: cursors.length > 0,
    hasNext: nextCursor !== null && !query.isPlaceholderData,
    firstPage,
    search: () => {
      setQ(typed.trim());
      firstPage();
    },
    order: (next: ApplicationSort) => {
      setSort(next);
      firstPage();
    },
    previous: () => setCursors((c) => c.slice(0, -1)),
    next: () => {
      if (nextCursor) setCursors((c) => [...c, nextCursor]);
    },
  };
}

export type ApplicationQueueState = ReturnType<typeof useApplicationQueue>;
