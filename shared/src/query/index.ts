/**
 * `@medora/shared/query`: the page's QueryClient and the query keys. A separate entry (and a federation
 * singleton of its own) so that `@medora/shared` stays free of TanStack Query: the API and the landing
 * page's first paint never load it.
 */
export * from './keys.js';
export * from './query-client.js';
export * from './list-paging.js';
