/**
 * Issue 16 §5: the admin desk's queues (tabs), orders, page size and search length, zod-free: the
 * API's query schema and the page read the same lists.
 */
export const APPLICATION_QUEUES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type ApplicationQueue = (typeof APPLICATION_QUEUES)[number];
export const APPLICATION_SORTS = ['oldest', 'newest'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
export const APPLICATIONS_PAGE_SIZE = 10;
export const APPLICATIONS_MAX_PAGE = 10_000;
export const APPLICATION_SEARCH_MAX_LENGTH = 100;
export const SUSPENSION_REASON_MAX_LENGTH = 500;
