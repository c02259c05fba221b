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
