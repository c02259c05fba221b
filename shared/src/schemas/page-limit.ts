// The one parser of a list route's `?limit=` (the doctor search, the audit log, the
// admin's applications and the provider's appointments used to carry a copy each).
import { z } from 'zod';
import { MESSAGES } from '@medora/shared/messages';
import { querySchema } from './query-string.js';

export interface PageLimitOptions {
  /** The largest page the route serves. */
  max: number;
  /** The 400 message for anything but a whole number from 1 to `max`. */
  message: string;
  /** The message when the value is not one string (`?limit=1&limit=2`); default `message`. */
  notOnce?: string;
}

/**
 * `?limit=` as a whole number from 1 to `max`, given once, digits only: no '1e2', '0x10', ' 5', '-1' or
 * '' quietly turned into a number. The caller adds `.default(n)` or `.optional()`.
 */
export function pageLimitSchema({ max, message, notOnce }: PageLimitOptions) {
  // One digit more than `max` has is still refused by `.max`, with the same message; longer text never
  // reaches Number().
  const digits = new RegExp(`^[0-9]{1,${String(max).length + 1}}$`);
  return z
    .string({ error: notOnce ?? message })
    .regex(digits, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: message }).max(max, { error: message }));
}

/**
 * The longest `?cursor=` a list accepts: the API's own base64url text of the list, a digest of its
 * filters and the position (the longest: a doctor's name of 200 characters).
 */
export const PAGE_CURSOR_MAX_LENGTH = 1024;

/**
 * The one parser of a list route's `?cursor=` — the opaque `nextCursor` of the page before. Only its
 * form is checked here; the API decodes it against the list it names and answers `message` (400) when
 * it is not that list's. The caller adds `.optional()`.
 */
export function pageCursorSchema(message: string) {
  return z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+$/, { error: message })
    .max(PAGE_CURSOR_MAX_LENGTH, { error: message });
}

/**
 * The query of a list that takes nothing but its page: `?cursor=` (a patient's visits, who looked at
 * the record, the open change requests, a doctor's upcoming appointments).
 */
export const cursorQuerySchema = querySchema({
  cursor: pageCursorSchema(MESSAGES.listCursorInvalid).optional(),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;
