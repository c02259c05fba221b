import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, type DateWindow } from '@medora/shared';
import { LIST_PAGING, providerWindowKeys } from '@medora/shared/query';

/**
 * The doctor's appointments in a window of clinic dates, a page at a time. `null` is the
 * API's default window (today and the next 7 days in the clinic's zone); the answer names the window
 * it served, which the navigation moves from.
 */
export function useAppointmentWindow() {
  const [window, setWindow] = useState<DateWindow | null>(null);
  const query = useInfiniteQuery({
    queryKey: providerWindowKeys.window(window?.from ?? 'default', window?.to ?? 'default'),
    queryFn: ({ pageParam }) =>
      api.providerAppointments({ from: window?.from, to: window?.to, cursor: pageParam }),
    ...LIST_PAGING,
  });
  const first = query.data?.pages[0];
  return {
    query,
    items: query.data?.pages.flatMap((p) => p.items) ?? null,
    /** The window shown (null until the first page names it). */
    served: first ? { from: first.from, to: first.to } : null,
    timeZone: first?.timeZone ?? null,
    setWindow,
  };
}
