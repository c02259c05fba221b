import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * The defaults every Medora query runs with. No retries and no refetch on window focus: the screens
 * fetched once and showed the answer (or the error) before TanStack Query, and the fallbacks
 * (documents from the profile, sample doctors) must appear at once rather than after three retries.
 */
export const MEDORA_QUERY_DEFAULTS: DefaultOptions = {
  queries: { retry: false, refetchOnWindowFocus: false },
  mutations: { retry: false },
};

/**
 * For a query a page reads to decide its layout and its sections read again once they are shown:
 * fresh for this long, so the sections take the page's answer as they mount instead of asking again.
 */
export const PAGE_ANSWER_FRESH_MS = 10_000;

/** A client with Medora's defaults; tests make a fresh one per render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: MEDORA_QUERY_DEFAULTS });
}

/**
 * The page's one QueryClient. `@medora/shared/query` is a module-federation singleton (like the auth
 * store in `@medora/shared`), so the shell and every remote read and invalidate the same cache: a
 * booking in mfe-booking refreshes the shell's notification bell and mfe-patient's lists.
 */
export const queryClient: QueryClient = createQueryClient();
