// The one parser of a list route's `?limit=` (the doctor search, the audit log, the
// admin's applications and the provider's appointments used to carry a copy each).
import { z } from 'zod';

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
