/**
 * Set-based seeding for `npm run bench:scale`: every table is filled with one
 * `INSERT … SELECT … FROM generate_series(…)` per step, straight into the API's own schema (after its
 * migrations ran), following the product rules the API relies on:
 *
 * - approved doctors have an account (role doctor), weekly hours (`availableDays` + `timeSlots`, the
 *   shape of the demo doctors) and are onboarded — the listing conditions of `appointment-sql.rules.ts`;
 * - appointments start on one of their doctor's weekly slots (the local time in the clinic's zone),
 *   at most one active appointment per slot (the unique slot index), half of each doctor's slots taken,
 *   from about two years ago to four weeks ahead; statuses as time left them (past: Completed, No-Show,
 *   some Cancelled or never closed; future: Scheduled, Confirmed, some Cancelled);
 * - patients have an account, a profile and a latest visit with a clinical summary (the realistic
 *   records of the summary tests), so the provider's list carries real intake sizes;
 * - pending applications are onboarded, submitted doctors with their three required credentials;
 * - audit rows follow the API's vocabulary (AUDIT_ACTIONS), mostly allowed reads, over 120 days.
 *
 * Deterministic (no random()): the same size gives the same data, so runs compare.
 */
import type pg from 'pg';
import { DOCTOR_SPECIALTIES, splitAnswers, type DoctorSchedule, type IntakeAnswers } from '@medora/shared';
import { deterministicSummary } from '../../../../api/src/summary/deterministic-summary.js';
import {
  CHEST_PAIN_RECORD,
  FEVER_RECORD,
  ROUTINE_RECORD,
} from '../../../../api/src/summary/summary.fixtures.js';
import type { RowCounts, SeedPlan } from './sizes.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const week = (days: string[], slots: string[]): DoctorSchedule => ({
  availableDays: days,
  timeSlots: Object.fromEntries(days.map((d) => [d, slots])),
});

/** Weekly hours the generated doctors get (each doctor one of them, by number). */
export const SCHEDULE_TEMPLATES: readonly DoctorSchedule[] = [
  week(['Monday', 'Wednesday', 'Friday'], ['09:00 AM', '10:00 AM', '11:00 AM', '02:00 PM', '03:00 PM']),
  week(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    ['08:30 AM', '09:30 AM', '10:30 AM', '11:30 AM', '01:30 PM', '02:30 PM', '03:30 PM'],
  ),
  week(['Tuesday', 'Thursday', 'Saturday'], ['09:00 AM', '10:00 AM', '11:00 AM', '01:00 PM', '02:00 PM']),
  week(
    ['Monday', 'Tuesday', 'Thursday', 'Friday'],
    ['09:00 AM', '09:45 AM', '10:30 AM', '11:15 AM', '02:00 PM', '02:45 PM'],
  ),
  week(['Wednesday', 'Thursday', 'Friday'], ['10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '03:00 PM']),
];

const ZONES = [
  'America/New_York',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
];
const FIRST = [
  'Aisha',
  'Ben',
  'Carmen',
  'Daniel',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Nikhil',
  'Olga',
  'Pedro',
  'Qian',
  'Rosa',
  'Samuel',
  'Tara',
];
const LAST = [
  'Adams',
  'Baker',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Johnson',
  'Kowalski',
  'Lopez',
  'Mensah',
  'Nguyen',
  'Okafor',
  'Patel',
  'Quinn',
  'Rossi',
  'Singh',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Xu',
  'Yilmaz',
];
const CLINIC_PLACE = [
  'Riverside',
  'Northgate',
  'Lakeside',
  'Hillcrest',
  'Downtown',
  'Westfield',
  'Harbor',
  'Maple',
  'Summit',
  'Oakwood',
];
const CLINIC_KIND = ['Medical Center', 'Clinic', 'Health Partners', 'Family Practice', 'Specialists'];

/**
 * Audit rows' (action, resource type) in proportion: mostly patients reading their records and lists,
 * some bookings and document downloads, few admin reads.
 */
const AUDIT_MIX: readonly [string, string][] = [
  ...Array<[string, string]>(6).fill(['read', 'profile']),
  ...Array<[string, string]>(5).fill(['list', 'appointment']),
  ...Array<[string, string]>(2).fill(['read', 'appointment']),
  ['create', 'appointment'],
  ['create', 'appointment'],
  ['cancel', 'appointment'],
  ['download', 'document'],
  ['list', 'document'],
  ['write', 'profile'],
  ['doctor.read', 'doctor'],
  ['application.read', 'doctor'],
  ['credential.view', 'credential'],
  ['audit.read', 'audit_log'],
  ['access', 'unknown'],
];

/** A number → an element of a SQL array literal parameter, spread by a multiplicative hash. */
const pick = (array: string, n: string) =>
  `(${array})[1 + ((${n})::bigint * 2654435761 % 4294967296) % array_length(${array}, 1)]`;

/** What is in the database now, in the terms of SizeSpec (the seeding plans against it). */
export async function currentCounts(db: pg.Client): Promise<RowCounts> {
  const { rows } = await db.query<RowCounts>(`
    SELECT (SELECT count(*) FROM doctors WHERE verification_status = 'approved' AND suspended_at IS NULL)::int AS "approvedDoctors",
           (SELECT count(*) FROM users WHERE role = 'patient')::int AS patients,
           (SELECT count(*) FROM appointments)::int AS appointments,
           (SELECT count(*) FROM audit_log)::int AS "auditRows",
           (SELECT count(*) FROM doctors WHERE verification_status = 'pending' AND onboarding_completed
                                          AND seed_key IS NULL)::int AS "pendingApplications"`);
  return rows[0]!;
}

/** How many generated rows of a kind exist (their uids are `scale-<kind>-<n>`, n from 1). */
async function generated(db: pg.Client, kind: 'p' | 'd' | 'a'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE firebase_uid LIKE $1`,
    [`scale-${kind}-%`],
  );
  return rows[0]!.n;
}

/** The records the patients' profiles and latest visits are made from (three realistic intakes). */
function patientTemplates(now: Date) {
  return [CHEST_PAIN_RECORD, ROUTINE_RECORD, FEVER_RECORD].map((record: IntakeAnswers) => {
    const { profile, visit } = splitAnswers(record);
    return {
      profile: JSON.stringify(profile),
      visit: JSON.stringify(visit),
      summary: JSON.stringify(deterministicSummary(record, now)),
    };
  });
}

async function addPatients(db: pg.Client, count: number): Promise<void> {
  if (count <= 0) return;
  const from = (await generated(db, 'p')) + 1;
  const to = from + count - 1;
  const templates = patientTemplates(new Date());
  const name = `${pick('$3::text[]', 'n')} || ' ' || ${pick('$4::text[]', 'n / 7')}`;
  await db.query(
    `INSERT INTO users (firebase_uid, email, role, email_verified, name, created_at, updated_at)
     SELECT 'scale-p-' || n, 'scale-p-' || n || '@example.test', 'patient', true, ${name},
            now() - (n % 700) * interval '1 day', now() - (n % 700) * interval '1 day'
       FROM generate_series($1::int, $2::int) n`,
    [from, to, FIRST, LAST],
  );
  // The profile's stable facts and the latest visit (with its summary) of the patient's template.
  await db.query(
    `INSERT INTO patient_profiles (firebase_uid, user_id, data, created_at, updated_at)
     SELECT u.firebase_uid, u.id, ($3::jsonb[])[1 + n % 3] || jsonb_build_object('name', u.name),
            u.created_at, u.created_at
       FROM generate_series($1::int, $2::int) n JOIN users u ON u.firebase_uid = 'scale-p-' || n`,
    [from, to, templates.map((t) => t.profile)],
  );
  await db.query(
    `INSERT INTO patient_visits (firebase_uid, kind, reason, data, summary, visited_at)
     SELECT 'scale-p-' || n, 'visit', 'New appointment', ($3::jsonb[])[1 + n % 3], ($4::jsonb[])[1 + n % 3],
            now() - (n % 300) * interval '1 day'
       FROM generate_series($1::int, $2::int) n`,
    [from, to, templates.map((t) => t.visit), templates.map((t) => t.summary)],
  );
}

/** Doctor columns of a generated doctor number `n` (shared by approved doctors and applications). */
function doctorColumns(status: 'approved' | 'pending') {
  const approved = status === 'approved';
  return {
    columns: `user_id, name, email, specialty, clinic, time_zone, schedule, verification_status,
              is_available, onboarding_completed, credentials_verified, documents_submitted,
              accepting_new_patients, phone, gender, qualification, experience, license_number, npi_number,
              bio, languages, reviewed_at, created_at, updated_at`,
    // $3 first names, $4 last names, $3 specialties, $4 clinic places, $5 clinic kinds, $6 zones, $7 schedules
    values: `u.id, u.name, u.email,
             -- Skewed towards the first specialties (General Medicine, Cardiology, …) as real directories are.
             ($3::text[])[1 + floor(power(((n::bigint * 2654435761) % 1000003) / 1000003.0, 2) * array_length($3::text[], 1))::int],
             ${pick('$4::text[]', 'n')} || ' ' || ${pick('$5::text[]', 'n / 3')},
             ${pick('$6::text[]', 'n / 11')},
             ${approved ? `($7::jsonb[])[1 + n % array_length($7::jsonb[], 1)]` : `'{"availableDays":[],"timeSlots":{}}'::jsonb`},
             '${status}', ${approved}, true, ${approved}, true,
             n % 20 <> 0, '+1 555 ' || lpad((n % 10000)::text, 4, '0'),
             CASE WHEN n % 2 = 0 THEN 'Female' ELSE 'Male' END, 'MD', 3 + n % 30,
             'LIC-' || n, lpad((1000000000 + n)::text, 10, '0'),
             'Board-certified physician seeing adults and families.', '{English}',
             ${approved ? `now() - (n % 400) * interval '1 day'` : 'NULL'},
             now() - (n % ${approved ? 800 : 60}) * interval '1 day' - (n % 1440) * interval '1 minute',
             now() - (n % ${approved ? 400 : 60}) * interval '1 day'`,
  };
}

/** Doctor accounts `scale-<kind>-<from…to>` and their doctor rows. */
async function addDoctors(
  db: pg.Client,
  kind: 'd' | 'a',
  from: number,
  to: number,
  status: 'approved' | 'pending',
): Promise<void> {
  await db.query(
    `INSERT INTO users (firebase_uid, email, role, email_verified, name, created_at, updated_at)
     SELECT 'scale-${kind}-' || n, 'scale-${kind}-' || n || '@example.test', 'doctor', true,
            'Dr. ' || ${pick('$3::text[]', 'n + 3')} || ' ' || ${pick('$4::text[]', 'n / 5')}, now(), now()
       FROM generate_series($1::int, $2::int) n`,
    [from, to, FIRST, LAST],
  );
  const { columns, values } = doctorColumns(status);
  await db.query(
    `INSERT INTO doctors (${columns})
     SELECT ${values}
       FROM generate_series($1::int, $2::int) n JOIN users u ON u.firebase_uid = 'scale-${kind}-' || n`,
    [
      from,
      to,
      [...DOCTOR_SPECIALTIES],
      CLINIC_PLACE,
      CLINIC_KIND,
      ZONES,
      // Every parameter must appear in the statement: applications have no weekly hours yet.
      ...(status === 'approved' ? [SCHEDULE_TEMPLATES.map((s) => JSON.stringify(s))] : []),
    ],
  );
}

/**
 * Appointments of the doctors `targets` selects (a statement giving `id`, `seq` — the doctor's number,
 * which spreads patients and alternates the slots — and `cnt`, its number of appointments), on their
 * own weekly slots laid end to end so that the last of them fall in the next four weeks. The k-th
 * appointment takes one of the slot pair (2k, 2k + 1), alternating: half the slots stay free — in the
 * booking window too — and no two appointments of a doctor share a slot (the unique slot index).
 */
async function addAppointments(
  db: pg.Client,
  targets: string,
  params: unknown[],
  opts: { patients: number; benchPatient: string | null },
): Promise<number> {
  const p = params.length;
  const result = await db.query(
    `WITH t AS (${targets}),
     doc AS (
       SELECT d.id, d.name, d.clinic, d.specialty, d.time_zone, t.seq, t.cnt, sl.offs, sl.times, sl.per_week,
              ceil(2.0 * t.cnt / sl.per_week)::int AS weeks
         FROM t JOIN doctors d ON d.id = t.id
        CROSS JOIN LATERAL (
          SELECT array_agg(w.off ORDER BY w.off, w.tm) AS offs, array_agg(w.tm ORDER BY w.off, w.tm) AS times,
                 count(*)::int AS per_week
            FROM (SELECT array_position($${p + 1}::text[], day) - 1 AS off, to_timestamp(tm, 'HH12:MI AM')::time AS tm
                    FROM jsonb_array_elements_text(d.schedule -> 'availableDays') day,
                         jsonb_array_elements_text(d.schedule -> 'timeSlots' -> day) tm) w) sl
        WHERE sl.per_week > 0
     ),
     slot AS (
       SELECT doc.*, k, (2 * k + ((k + doc.seq) % 2)) AS pos FROM doc, generate_series(0, doc.cnt - 1) k
     ),
     placed0 AS (
       SELECT slot.*,
              ((date_trunc('week', now() AT TIME ZONE 'UTC')::date + 35 - (weeks - pos / per_week) * 7
                + offs[1 + pos % per_week]) + times[1 + pos % per_week]) AT TIME ZONE time_zone AS starts_at,
              (k * 31 + seq * 17) % 20 AS h
         FROM slot
     ),
     placed AS (
       SELECT placed0.*, (starts_at <= now() AND h >= 16 AND h < 18) OR (starts_at > now() AND h >= 18) AS cancelled
         FROM placed0
     )
     INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, notes, clinic, specialty, doctor_name,
                               booked_at, created_at, updated_at, closed_at, cancelled_at, cancelled_by)
     SELECT CASE WHEN $${p + 3}::text IS NOT NULL AND k % 200 = 0 THEN $${p + 3}::text
                 ELSE 'scale-p-' || (1 + (seq::bigint * 7919 + k::bigint * 104729) % $${p + 2}::int) END,
            id, starts_at,
            CASE WHEN starts_at <= now()
                 THEN CASE WHEN h < 14 THEN 'Completed' WHEN h < 16 THEN 'No-Show' WHEN h < 18 THEN 'Cancelled' ELSE 'Scheduled' END
                 ELSE CASE WHEN h < 14 THEN 'Scheduled' WHEN h < 18 THEN 'Confirmed' ELSE 'Cancelled' END END,
            (ARRAY['Checkup', 'Follow-up visit', 'Persistent cough', 'Blood pressure review', 'Medication review'])[1 + k % 5],
            clinic, specialty, name,
            LEAST(now(), starts_at - (1 + k % 20) * interval '1 day'),
            LEAST(now(), starts_at - (1 + k % 20) * interval '1 day'), now(),
            CASE WHEN starts_at <= now() AND h < 16 THEN starts_at + interval '1 hour' END,
            CASE WHEN cancelled THEN LEAST(now(), starts_at - (k % 20) * interval '1 day') END,
            CASE WHEN cancelled THEN 'patient' END
       FROM placed`,
    [...params, WEEKDAYS, opts.patients, opts.benchPatient],
  );
  return result.rowCount ?? 0;
}

/** Submitted applications `scale-a-<from…to>` with their degree, licence and identity documents. */
async function addApplications(db: pg.Client, count: number): Promise<void> {
  if (count <= 0) return;
  const from = (await generated(db, 'a')) + 1;
  const to = from + count - 1;
  await addDoctors(db, 'a', from, to, 'pending');
  await db.query(
    `WITH c AS (
       INSERT INTO credentials (doctor_id, type, document_name, issuing_organization, verification_status,
                                content_type, size, content_hash, created_at)
       SELECT d.id, t.type, t.type || '.pdf', 'State Medical Board', 'pending', 'application/pdf', 2048,
              md5(d.id::text || t.type), d.created_at
         FROM generate_series($1::int, $2::int) n
         JOIN users u ON u.firebase_uid = 'scale-a-' || n
         JOIN doctors d ON d.user_id = u.id
        CROSS JOIN (VALUES ('degree'), ('license'), ('identity')) t(type)
       RETURNING id)
     INSERT INTO credential_files (credential_id, bytes) SELECT id, '\\x255044462d312e340a'::bytea FROM c`,
    [from, to],
  );
}

async function addAuditRows(db: pg.Client, count: number, log: (line: string) => void): Promise<void> {
  const batch = 1_000_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    // Spread evenly over the last 120 days, newest now; 1 in 40 a refusal.
    await db.query(
      `INSERT INTO audit_log (actor_uid, actor_role, action, resource_type, resource_id, outcome, detail,
                              client_ip, user_agent, created_at)
       SELECT CASE WHEN g % 10 < 8 THEN 'scale-p-' || (1 + g % $3::int) WHEN g % 10 = 8 THEN 'scale-d-' || (1 + g % 997)
                   ELSE 'bench-admin' END,
              CASE WHEN g % 10 < 8 THEN 'patient' WHEN g % 10 = 8 THEN 'doctor' ELSE 'admin' END,
              ($4::text[])[1 + g % array_length($4::text[], 1)],
              ($5::text[])[1 + g % array_length($5::text[], 1)],
              'scale-p-' || (1 + (g * 7) % $3::int),
              CASE WHEN g % 40 = 0 THEN 'denied' ELSE 'allowed' END,
              NULL, '10.' || (g % 250) || '.' || (g / 250 % 250) || '.7',
              'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
              now() - ((g::float8 / $2::int) * 120) * interval '1 day'
         FROM generate_series($1::bigint, $1::bigint + $6::int - 1) g`,
      [
        done + 1,
        count,
        Math.max(1, await generated(db, 'p')),
        AUDIT_MIX.map((m) => m[0]),
        AUDIT_MIX.map((m) => m[1]),
        n,
      ],
    );
    log(
      `    audit rows ${Math.min(count, done + n).toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`,
    );
  }
}

/**
 * The heavy doctor ("a doctor with ~2,000 appointments"): the provider account `doctorUid`
 * takes over the demo General Medicine doctor, whose `count` appointments are spread over the
 * patients; one in 200 is the measured patient's.
 */
export async function seedHeavyDoctor(
  db: pg.Client,
  opts: { doctorUid: string; patientUid: string; count: number; log: (line: string) => void },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE doctors SET user_id = (SELECT id FROM users WHERE firebase_uid = $1)
      WHERE seed_key = 'demo-doctor-general-medicine' RETURNING id`,
    [opts.doctorUid],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('The demo doctor demo-doctor-general-medicine is missing: is SEED_DEMO_DATA on?');
  const added = await addAppointments(
    db,
    `SELECT $1::uuid AS id, 0 AS seq, $2::int AS cnt`,
    [id, opts.count],
    {
      patients: Math.max(1, await generated(db, 'p')),
      benchPatient: opts.patientUid,
    },
  );
  opts.log(`  the heavy doctor (${id}) has ${added.toLocaleString('en-US')} appointments`);
  return id;
}

/** One step towards a size: inserts what `plan` says, then refreshes the planner's statistics. */
export async function seedStep(db: pg.Client, plan: SeedPlan, log: (line: string) => void): Promise<void> {
  const timed = async (what: string, work: () => Promise<unknown>) => {
    const started = Date.now();
    await work();
    log(`  ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await db.query(`SET synchronous_commit = off`);
  await db.query(`SET maintenance_work_mem = '256MB'`);
  await timed(`${plan.patients.toLocaleString('en-US')} patients with profiles and visits`, () =>
    addPatients(db, plan.patients),
  );
  if (plan.approvedDoctors > 0) {
    const from = (await generated(db, 'd')) + 1;
    const to = from + plan.approvedDoctors - 1;
    await timed(`${plan.approvedDoctors.toLocaleString('en-US')} approved doctors`, () =>
      addDoctors(db, 'd', from, to, 'approved'),
    );
    const patients = await generated(db, 'p');
    await timed(`${plan.appointments.toLocaleString('en-US')} appointments`, () =>
      addAppointments(
        db,
        `SELECT d.id, n AS seq, $3::int + CASE WHEN n - $1::int < $4::int THEN 1 ELSE 0 END AS cnt
           FROM generate_series($1::int, $2::int) n
           JOIN users u ON u.firebase_uid = 'scale-d-' || n JOIN doctors d ON d.user_id = u.id`,
        [from, to, plan.perDoctor.base, plan.perDoctor.extra],
        { patients: Math.max(1, patients), benchPatient: null },
      ),
    );
  }
  await timed(
    `${plan.pendingApplications.toLocaleString('en-US')} pending applications with credentials`,
    () => addApplications(db, plan.pendingApplications),
  );
  await timed(`${plan.auditRows.toLocaleString('en-US')} audit rows`, () =>
    addAuditRows(db, plan.auditRows, log),
  );
  await timed('VACUUM ANALYZE', () => db.query(`VACUUM ANALYZE`));
}
