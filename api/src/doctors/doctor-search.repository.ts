import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  DOCTOR_SPECIALTIES,
  clinicTimeZone,
  firstFreeSlot,
  formatAppointmentDate,
  type DoctorListingItem,
  type DoctorSchedule,
  type DoctorsWithContextResponse,
  type PublicDoctor,
} from '@medora/shared';
import { cachedSlotOf, cachedSlotStart } from '../appointments/cached-slot.rules.js';
import type { z } from 'zod';
import { CURSOR_POSITIONS, encodeCursor, type CursorScope } from '../common/keyset-cursor.js';
import { leanQuery } from '../common/lean-query.js';
import {
  activeAppointmentSql,
  approvedDoctorSql,
  hasHoursSql,
} from '../appointments/appointment-sql.rules.js';
import { containsPattern } from '../common/like-pattern.js';

/** Instants travel as epoch milliseconds: a float parses far faster than a timestamp's text. */
const EPOCH_MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/** Where the last page ended (the keyset: name, then id). Opaque to clients (`CURSOR_POSITIONS.nameAndId`). */
export type DoctorCursor = z.infer<typeof CURSOR_POSITIONS.nameAndId>;

/** The filters of one page of the doctor search, as the statement takes them. */
export interface DoctorPageFilters {
  /** The patient whose visits count (`GET /api/doctors-with-context/{uid}`); null for the public list. */
  patientUid: string | null;
  specialty?: string;
  /** The specialties the patient's chronic conditions ask for (null: no condition maps). */
  conditionSpecialties?: string[] | null;
  /** Free text on name and clinic. */
  q?: string;
  after?: DoctorCursor | null;
  /** Rows to read: the page size plus one, which tells whether there is a next page. */
  rows: number;
  /** The booking window (instants) whose taken slots the page's doctors need; null: no taken slots read. */
  window: [Date, Date] | null;
}

/**
 * The specialties whose name contains `q` (case-insensitive), so "cardio" finds the cardiologists too:
 * matched against the shared list here, the statement then reads them through the specialty index
 * instead of widening the trigram index's text.
 */
export function specialtiesMatching(q: string): string[] {
  const needle = q.trim().toLowerCase();
  return needle ? DOCTOR_SPECIALTIES.filter((s) => s.toLowerCase().includes(needle)) : [];
}

/**
 * The doctor-search text the trigram index covers (migration DoctorSearch1769385600000): the same
 * expression in the index and in the statement, so the planner can use it.
 */
export const DOCTOR_SEARCH_TEXT_SQL = `(d.name || ' ' || d.clinic)`;

/**
 * One page of bookable doctors in one statement, cost flat in the number of doctors: the page is read by
 * keyset (name, id) through the partial indexes of the bookable doctors (by name, or by specialty and name;
 * text search through the trigram index), and only the page's doctors' taken slots in the booking window are
 * read (through idx_appointments_doctor_starts). With a patient, each row carries that patient's visits and
 * the patient's totals (the totals are the driving row, so an empty page still carries them). The rule "if
 * nothing matches, all doctors" (docs/product.md#doctor-search) is the NOT EXISTS: when no bookable doctor
 * has one of the conditions' specialties, the condition filter is dropped.
 */
export function doctorsPageSql(f: DoctorPageFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const withPatient = f.patientUid !== null;
  const patient = withPatient ? p(f.patientUid) : '';
  const bookable = (d: string) =>
    `${approvedDoctorSql(d)} AND ${d}.is_available AND ${hasHoursSql(d)} AND ` +
    (withPatient
      ? `(${d}.accepting_new_patients OR ${d}.id IN (SELECT doctor_id FROM mine))`
      : // Anonymous: nobody here has booked before, so a doctor closed to new patients is not listed.
        `${d}.accepting_new_patients`);
  const where = [bookable('d')];
  if (f.specialty) where.push(`d.specialty = ${p(f.specialty)}`);
  if (f.conditionSpecialties && f.conditionSpecialties.length > 0) {
    const wanted = p(f.conditionSpecialties);
    where.push(
      `(d.specialty = ANY(${wanted}::text[]) OR NOT EXISTS (
         SELECT 1 FROM doctors d2 WHERE ${bookable('d2')} AND d2.specialty = ANY(${wanted}::text[])))`,
    );
  }
  if (f.q) {
    const text = `${DOCTOR_SEARCH_TEXT_SQL} ILIKE ${p(containsPattern(f.q))}`;
    const specialties = specialtiesMatching(f.q);
    where.push(specialties.length > 0 ? `(${text} OR d.specialty = ANY(${p(specialties)}::text[]))` : text);
  }
  if (f.after) where.push(`(d.name, d.id) > (${p(f.after.name)}, ${p(f.after.id)}::uuid)`);
  const page = `SELECT d.id, d.name, d.specialty, d.clinic, d.time_zone, d.schedule
      FROM doctors d
     WHERE ${where.join('\n       AND ')}
     ORDER BY d.name, d.id
     LIMIT ${p(f.rows)}`;
  const taken = !f.window
    ? 'NULL::float8[]'
    : `(SELECT array_agg(${EPOCH_MS('a.starts_at')} ORDER BY a.starts_at) FROM appointments a
             WHERE a.doctor_id = pg.id AND ${activeAppointmentSql('a')} AND a.starts_at >= ${p(f.window[0])} AND a.starts_at < ${p(f.window[1])})`;
  const doctorColumns = `pg.id, pg.name, pg.specialty, pg.clinic, pg.time_zone AS "timeZone", pg.schedule,
         ${taken} AS "takenStarts"`;
  if (!withPatient) {
    return { sql: `WITH pg AS (${page}) SELECT ${doctorColumns} FROM pg ORDER BY pg.name, pg.id`, params };
  }
  const sql = `WITH mine AS (
    SELECT doctor_id, count(*)::int AS visits,
           max(starts_at) FILTER (WHERE starts_at <= now()) AS last_start
      FROM appointments WHERE patient_uid = ${patient} AND ${activeAppointmentSql('appointments')} GROUP BY doctor_id
  ), totals AS (
    SELECT count(*)::int AS total,
           (SELECT doctor_name FROM appointments WHERE patient_uid = ${patient} AND ${activeAppointmentSql('appointments')}
             ORDER BY starts_at DESC LIMIT 1) AS last_doctor_name
      FROM appointments WHERE patient_uid = ${patient}
  ), pg AS (${page})
  SELECT t.total AS "totalAppointments", t.last_doctor_name AS "lastDoctorName", ${doctorColumns},
         COALESCE(m.visits, 0) AS "visitCount", ${EPOCH_MS('m.last_start')} AS "lastStart"
    FROM totals t
    LEFT JOIN (pg LEFT JOIN mine m ON m.doctor_id = pg.id) ON true
   ORDER BY pg.name, pg.id`;
  return { sql, params };
}

/** A row of doctorsPageSql (doctor columns are null when the page is empty; context columns with a patient). */
export interface DoctorPageRow {
  totalAppointments?: number;
  lastDoctorName?: string | null;
  id: string | null;
  name: string;
  specialty: string;
  clinic: string;
  timeZone: string;
  schedule: Partial<DoctorSchedule> | null;
  visitCount?: number;
  /** Epoch milliseconds of the patient's latest past visit ("Last visit" is never a future one). */
  lastStart?: number | null;
  takenStarts: number[] | null;
}

/** Taken starts (epoch ms) as slots by date in `timeZone` ('YYYY-MM-DD' → ['10:30 AM']). */
export function takenSlotsOf(starts: readonly number[] | null, timeZone: string): Record<string, string[]> {
  const taken: Record<string, string[]> = {};
  for (const start of starts ?? []) {
    const slot = cachedSlotOf(start, timeZone);
    (taken[slot.date] ??= []).push(slot.time);
  }
  return taken;
}

/** A schedule column as read (keys may be missing) with every key present. */
export const scheduleOf = (s: Partial<DoctorSchedule> | null): DoctorSchedule => ({
  availableDays: s?.availableDays ?? [],
  timeSlots: s?.timeSlots ?? {},
  exceptions: s?.exceptions ?? [],
});

/** How a page of the doctor search is built from its rows. */
export interface DoctorPageOptions {
  limit: number;
  now: Date;
  availableFrom?: string;
  freeSlots?: boolean;
  /** The list and filters its `nextCursor` continues (default: the public list, unfiltered). */
  scope?: CursorScope;
}

/** A page's rows as doctors (public fields) each with their next free slot, the rows past `limit` dropped. */
interface PagedDoctor extends PublicDoctor {
  id: string;
  timeZone: string;
  schedule: DoctorSchedule;
  nextFreeSlot: string | null;
  row: DoctorPageRow;
}

/**
 * The page from the rows (at most `limit` + 1 were read): each doctor's next free slot on or after
 * `availableFrom` (the booking window and weekly hours through shared `firstFreeSlot`); with `availableFrom`,
 * doctors with no free slot from that date are left out (the page may then be short; the cursor still moves
 * on).
 */
export function toDoctorPage(
  rows: DoctorPageRow[],
  options: DoctorPageOptions,
): { doctors: PagedDoctor[]; nextCursor: string | null } {
  const listed = rows.filter((r): r is DoctorPageRow & { id: string } => r.id !== null);
  const inPage = listed.slice(0, options.limit);
  const last = inPage[inPage.length - 1];
  const nextCursor =
    listed.length > options.limit && last
      ? encodeCursor(options.scope ?? { list: 'doctors' }, { name: last.name, id: last.id })
      : null;
  const doctors: PagedDoctor[] = [];
  for (const r of inPage) {
    const timeZone = clinicTimeZone(r.timeZone);
    const schedule = scheduleOf(r.schedule);
    const free =
      options.freeSlots === false
        ? null
        : firstFreeSlot(schedule, {
            timeZone,
            now: options.now,
            taken: takenSlotsOf(r.takenStarts, timeZone),
            from: options.availableFrom,
          });
    if (options.availableFrom && !free) continue;
    doctors.push({
      id: r.id,
      name: r.name,
      specialty: r.specialty,
      clinic: r.clinic,
      timeZone,
      schedule,
      nextFreeSlot: free ? new Date(cachedSlotStart(free.date, free.time, timeZone)).toISOString() : null,
      row: r,
    });
  }
  return { doctors, nextCursor };
}

/** `GET /api/doctors-with-context/{uid}` from a page's rows (see toDoctorPage). */
export function toDoctorsWithContext(
  rows: DoctorPageRow[],
  options: Omit<DoctorPageOptions, 'freeSlots'>,
): DoctorsWithContextResponse {
  const page = toDoctorPage(rows, options);
  const doctors: DoctorListingItem[] = page.doctors.map(({ row, ...d }) => {
    const last =
      row.lastStart !== null && row.lastStart !== undefined ? cachedSlotOf(row.lastStart, d.timeZone) : null;
    return {
      ...d,
      visitCount: row.visitCount ?? 0,
      lastVisitDate: last ? formatAppointmentDate(last.date, last.time) : null,
    };
  });
  return {
    doctors,
    lastDoctorName: rows[0]?.lastDoctorName ?? null,
    totalAppointments: rows[0]?.totalAppointments ?? 0,
    nextCursor: page.nextCursor,
  };
}

/**
 * One bookable doctor's zone, schedule and the slots taken in the instants [$2, $3), for
 * `GET /api/doctors/{uid}/slots`; no row when the doctor is not bookable.
 */
export const DOCTOR_SLOTS_SQL = `SELECT d.id, d.time_zone AS "timeZone", d.schedule,
    (SELECT array_agg(${EPOCH_MS('a.starts_at')} ORDER BY a.starts_at) FROM appointments a
      WHERE a.doctor_id = d.id AND ${activeAppointmentSql('a')} AND a.starts_at >= $2 AND a.starts_at < $3)
      AS "takenStarts"
   FROM doctors d
  WHERE d.id = $1 AND ${approvedDoctorSql('d')} AND d.is_available AND ${hasHoursSql('d')}`;

/** A row of DOCTOR_SLOTS_SQL. */
export interface DoctorSlotsRow {
  id: string;
  timeZone: string;
  schedule: Partial<DoctorSchedule> | null;
  takenStarts: number[] | null;
}

/**
 * The doctor search's reads: a page of doctors (the public list, or a patient's list with context) and
 * one doctor's taken slots. They run on the lean path (the page is a benchmarked read); the bench's raw
 * baseline server imports the statement and the mapper from this module, so it runs exactly this SQL.
 */
@Injectable()
export class DoctorSearchRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One page of the doctor search (doctorsPageSql). */
  listPage(filters: DoctorPageFilters): Promise<DoctorPageRow[]> {
    const { sql, params } = doctorsPageSql(filters);
    return leanQuery<DoctorPageRow>(this.ds, sql, params);
  }

  /** A bookable doctor's zone, schedule and taken starts in [from, to) (DOCTOR_SLOTS_SQL). */
  async slotsOf(id: string, from: Date, to: Date): Promise<DoctorSlotsRow | null> {
    const [row] = await leanQuery<DoctorSlotsRow>(this.ds, DOCTOR_SLOTS_SQL, [id, from, to]);
    return row ?? null;
  }
}
