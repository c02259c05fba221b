/**
 * The dates a query string may name: every route adds days to them (a window, a margin for time
 * zones), and the result must still be a four-digit year 'YYYY-MM-DD' can write. A module of its own,
 * without imports, because the message catalogue quotes them and is shared on the page by itself.
 */
export const QUERY_DATE_MIN = '1900-01-01';
export const QUERY_DATE_MAX = '9000-12-31';
