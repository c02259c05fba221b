// The query strings of the doctor search and a doctor's free slots.
import { z } from 'zod';
import { DOCTOR_SPECIALTIES } from '../intake/options.js';
import { QUERY_DATE_MAX, QUERY_DATE_MIN, isQueryDate } from '../booking/dates.js';
import { windowDays } from '../booking/date-window.js';
import {
  DOCTOR_PAGE_DEFAULT,
  DOCTOR_PAGE_MAX,
  DOCTOR_SEARCH_MAX_LENGTH,
  SLOT_WINDOW_MAX_DAYS,
} from '../booking/doctor-search.js';
import { pageCursorSchema, pageLimitSchema } from './page-limit.js';
import { MESSAGES } from '@medora/shared/messages';
import { querySchema } from './query-string.js';

const once = (name: string) => z.string({ error: `${name} must be given once, as text` });

const isoDate = (name: string) =>
  once(name).refine(isQueryDate, {
    error: `${name} must be a date (YYYY-MM-DD) from ${QUERY_DATE_MIN} to ${QUERY_DATE_MAX}`,
  });

const limit = pageLimitSchema({
  max: DOCTOR_PAGE_MAX,
  message: `limit must be a whole number from 1 to ${DOCTOR_PAGE_MAX}`,
  notOnce: 'limit must be given once, as text',
}).default(DOCTOR_PAGE_DEFAULT);

const specialty = z
  .enum(DOCTOR_SPECIALTIES, { error: `specialty must be one of: ${DOCTOR_SPECIALTIES.join(', ')}` })
  .optional();

/** Free text on name and clinic; blank reads as no search. */
const q = once('q')
  .max(DOCTOR_SEARCH_MAX_LENGTH, { error: `q must be at most ${DOCTOR_SEARCH_MAX_LENGTH} characters` })
  .transform((v) => v.trim())
  .optional();

const cursor = pageCursorSchema(MESSAGES.doctorCursorInvalid).optional();

/** `GET /api/doctors?specialty=&q=&cursor=&limit=` */
export const publicDoctorsQuerySchema = querySchema({ specialty, q, cursor, limit });
export type PublicDoctorsQuery = z.output<typeof publicDoctorsQuerySchema>;

/**
 * `GET /api/doctors-with-context/{uid}?specialty=&condition=&q=&availableFrom=&cursor=&limit=`;
 * `condition` (the chronic-condition filter) may repeat or be comma-separated.
 */
export const doctorSearchQuerySchema = querySchema({
  specialty,
  condition: z
    .union([once('condition'), z.array(once('condition')).max(20, { error: 'at most 20 conditions' })])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((c) => c.split(','))
        .map((c) => c.trim())
        .filter((c) => c !== ''),
    )
    .pipe(z.array(z.string().max(100, { error: 'a condition is at most 100 characters' })).max(20))
    .optional(),
  q,
  availableFrom: isoDate('availableFrom').optional(),
  cursor,
  limit,
});
export type DoctorSearchQuery = z.output<typeof doctorSearchQuerySchema>;

/** `GET /api/doctors/{uid}/slots?from=&to=`: a window of at most 31 days, `from` not after `to`. */
export const doctorSlotsQuerySchema = querySchema({ from: isoDate('from'), to: isoDate('to') }, [
  { ok: (w) => w.from <= w.to, message: 'from must not be later than to', path: 'from' },
  {
    ok: (w) => windowDays(w) <= SLOT_WINDOW_MAX_DAYS,
    message: `the window must be at most ${SLOT_WINDOW_MAX_DAYS} days`,
    path: 'to',
  },
]);
export type DoctorSlotsQuery = z.output<typeof doctorSlotsQuerySchema>;
