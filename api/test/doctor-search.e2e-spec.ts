/**
 * The doctor search — filters served by the server, keyset pages that neither repeat nor
 * miss a doctor while the data changes, a doctor's free slots on demand, the public list's Link, ETag
 * and Cache-Control, and EXPLAIN proof that each filter reads through its index.
 */
import pg from 'pg';
import request from 'supertest';
import {
  MESSAGES,
  bookingWindowRange,
  slotStart,
  type DoctorSlotsResponse,
  type DoctorsWithContextResponse,
  type PublicDoctor,
} from '@medora/shared';
import { bookingWindowParams } from '../src/appointments/booking-window.rules.js';
import { doctorsPageSql, type DoctorPageFilters } from '../src/doctors/doctor-search.repository.js';
import { bookableSlots, book, bookingBody, registeredPatient, type SeededDoctor } from './booking-helpers.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: WEEKDAYS,
  timeSlots: Object.fromEntries(WEEKDAYS.map((d) => [d, ['09:00 AM', '10:00 AM']])),
};

let t: TestApp;
let patient: TestUser;

/** Inserts a bookable doctor; returns its id. */
async function addDoctor(
  name: string,
  over: { specialty?: string; clinic?: string; accepting?: boolean; schedule?: object } = {},
): Promise<string> {
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO doctors (name, specialty, clinic, time_zone, schedule, verification_status, is_available,
                          onboarding_completed, accepting_new_patients)
     VALUES ($1, $2, $3, 'America/New_York', $4::jsonb, 'approved', true, true, $5) RETURNING id`,
    [
      name,
      over.specialty ?? 'General Medicine',
      over.clinic ?? 'Main Street Clinic',
      JSON.stringify(over.schedule ?? SCHEDULE),
      over.accepting ?? true,
    ],
  );
  return row!.id;
}

async function search(query: string, user: TestUser = patient): Promise<DoctorsWithContextResponse> {
  const res = await request(t.http)
    .get(`/api/doctors-with-context/${user.uid}${query}`)
    .set(authHeader(user));
  expect({ status: res.status, body: res.status === 200 ? null : (res.body as unknown) }).toEqual({
    status: 200,
    body: null,
  });
  return res.body as DoctorsWithContextResponse;
}

const names = (page: DoctorsWithContextResponse) => page.doctors.map((d) => d.name);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  patient = await registeredPatient(t);
  await addDoctor('Dr. Ada Heart', { specialty: 'Cardiology', clinic: 'Heart Center' });
  await addDoctor('Dr. Ben Beat', { specialty: 'Cardiology', clinic: 'Pulse 50%_Clinic' });
  await addDoctor('Dr. Cy General', { specialty: 'General Medicine', clinic: 'Town Practice' });
  await addDoctor('Dr. Dee Skin', { specialty: 'Dermatology', clinic: 'Skin Care' });
  await addDoctor('Dr. Eve Closed', { specialty: 'Cardiology', accepting: false });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/doctors-with-context/{uid}: filters', () => {
  it('filters by specialty on the server, and each doctor carries a next free slot', async () => {
    const page = await search('?specialty=Cardiology');
    expect(names(page)).toEqual(['Dr. Ada Heart', 'Dr. Ben Beat']);
    expect(page.nextCursor).toBeNull();
    for (const d of page.doctors) {
      expect(Date.parse(d.nextFreeSlot!)).toBeGreaterThan(Date.now());
    }
  });

  it('applies the spec’s chronic-condition filter (General Medicine included), and all doctors when none match', async () => {
    expect(names(await search('?condition=Hypertension'))).toEqual([
      'Dr. Ada Heart',
      'Dr. Ben Beat',
      'Dr. Cy General',
    ]);
    expect(names(await search('?condition=Asthma&condition=Diabetes'))).toEqual(['Dr. Cy General']);
    // A condition that maps to no specialty: no filter.
    expect(names(await search('?condition=Migraine'))).toHaveLength(4);
    // Conditions that map, but no bookable doctor has those specialties (or General Medicine): everyone.
    await t.dataSource.query(`UPDATE doctors SET is_available = false WHERE name = 'Dr. Cy General'`);
    try {
      expect(names(await search('?condition=Asthma'))).toEqual([
        'Dr. Ada Heart',
        'Dr. Ben Beat',
        'Dr. Dee Skin',
      ]);
    } finally {
      await t.dataSource.query(`UPDATE doctors SET is_available = true WHERE name = 'Dr. Cy General'`);
    }
  });

  it('searches name and clinic as text, case-insensitive, % and _ matching themselves', async () => {
    expect(names(await search('?q=heart'))).toEqual(['Dr. Ada Heart']);
    expect(names(await search('?q=TOWN'))).toEqual(['Dr. Cy General']);
    expect(names(await search(`?q=${encodeURIComponent('50%_')}`))).toEqual(['Dr. Ben Beat']);
    expect(names(await search(`?q=${encodeURIComponent('%')}`))).toEqual(['Dr. Ben Beat']);
    expect(names(await search('?q=nobody'))).toEqual([]);
  });

  it('finds doctors by specialty from the text search too, case-insensitive and by part of the name', async () => {
    expect(names(await search('?q=Cardiology'))).toEqual(['Dr. Ada Heart', 'Dr. Ben Beat']);
    expect(names(await search('?q=DERMA'))).toEqual(['Dr. Dee Skin']);
    // A name or clinic still matches alongside: "heart" is no specialty, only Dr. Ada Heart's clinic.
    expect(names(await search('?q=heart'))).toEqual(['Dr. Ada Heart']);
    // With the specialty filter the two narrow each other.
    expect(names(await search('?q=cardio&specialty=Dermatology'))).toEqual([]);
  });

  it('lists a doctor closed to new patients only to a patient who booked with them', async () => {
    expect(names(await search(''))).not.toContain('Dr. Eve Closed');
  });

  it('with availableFrom, gives the first free slot from that date and leaves out doctors with none', async () => {
    const { from, to } = bookingWindowRange('America/New_York');
    const later = new Date(Date.parse(`${from}T00:00:00Z`) + 10 * 24 * 3600_000).toISOString().slice(0, 10);
    const page = await search(`?specialty=Dermatology&availableFrom=${later}`);
    expect(page.doctors[0]!.nextFreeSlot! >= `${later}T`).toBe(true);
    const beyond = new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 24 * 3600_000).toISOString().slice(0, 10);
    expect(names(await search(`?availableFrom=${beyond}`))).toEqual([]);
  });

  it('answers 400 with a clear message for a bad limit, specialty, date or cursor', async () => {
    const cases: [string, RegExp][] = [
      ['?limit=51', /limit must be a whole number from 1 to 50/],
      ['?limit=0', /limit/],
      ['?specialty=Astrology', /specialty must be one of/],
      ['?availableFrom=2026-02-30', /availableFrom must be a date/],
      ['?cursor=not-a-cursor', new RegExp(MESSAGES.doctorCursorInvalid)],
      ['?unknown=1', /unknown|Unrecognized/i],
    ];
    for (const [query, message] of cases) {
      const res = await request(t.http)
        .get(`/api/doctors-with-context/${patient.uid}${query}`)
        .set(authHeader(patient));
      expect([query, res.status]).toEqual([query, 400]);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
  });
});

describe('keyset pages', () => {
  it('walk every matching doctor exactly once while doctors are added, changed and removed between reads', async () => {
    const specialty = 'Neurology';
    const ids: string[] = [];
    for (let i = 0; i < 23; i++)
      ids.push(await addDoctor(`Dr. N${String(i).padStart(2, '0')}`, { specialty }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let reads = 0;
    do {
      const page: DoctorsWithContextResponse = await search(
        `?specialty=${specialty}&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.doctors.length).toBeLessThanOrEqual(5);
      seen.push(...page.doctors.map((d) => d.id));
      cursor = page.nextCursor;
      reads++;
      if (reads === 2) {
        // Between reads: a doctor sorting before the cursor, one after it, one not read yet changes
        // clinic and schedule, one already read changes clinic, and one not read yet stops matching.
        await addDoctor('Dr. N00a', { specialty });
        await addDoctor('Dr. N99', { specialty });
        await t.dataSource.query(
          `UPDATE doctors SET clinic = 'Moved Clinic', schedule = schedule || '{"exceptions": []}' WHERE id = ANY($1::uuid[])`,
          [[ids[15], ids[2]]],
        );
        await t.dataSource.query(`UPDATE doctors SET is_available = false WHERE id = $1`, [ids[20]]);
      }
    } while (cursor);
    // No doctor twice; every doctor that matched for the whole walk once; the one removed not at all;
    // the one added after the cursor too (the one added before it was behind the walk, by design).
    expect(new Set(seen).size).toBe(seen.length);
    const stable = ids.filter((_, i) => i !== 20);
    expect(stable.filter((id) => !seen.includes(id))).toEqual([]);
    expect(seen).not.toContain(ids[20]);
    const [added] = await t.dataSource.query<{ id: string }[]>(
      `SELECT id FROM doctors WHERE name = 'Dr. N99'`,
    );
    expect(seen).toContain(added!.id);
    expect(seen).toHaveLength(23 - 1 + 1);
    expect(reads).toBe(5);
  });
});

describe('GET /api/doctors (public)', () => {
  it('pages with a Link header, and answers 304 to a matching If-None-Match', async () => {
    const first = await request(t.http).get('/api/doctors?limit=2');
    expect(first.status).toBe(200);
    expect((first.body as PublicDoctor[]).map((d) => d.name)).toEqual(['Dr. Ada Heart', 'Dr. Ben Beat']);
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const link = /^<(\/api\/doctors\?[^>]+)>; rel="next"$/.exec(first.headers.link as string);
    expect(link).not.toBeNull();
    const second = await request(t.http).get(link![1]!);
    expect((second.body as PublicDoctor[])[0]!.name).toBe('Dr. Cy General');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await request(t.http).get('/api/doctors?limit=2').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const other = await request(t.http).get('/api/doctors?limit=3').set('If-None-Match', etag);
    expect(other.status).toBe(200);
  });

  it('filters by specialty and text, never lists a doctor closed to new patients, and caps the page at 50', async () => {
    const cardio = await request(t.http).get('/api/doctors?specialty=Cardiology');
    expect((cardio.body as PublicDoctor[]).map((d) => d.name)).toEqual(['Dr. Ada Heart', 'Dr. Ben Beat']);
    expect(cardio.headers.link).toBeUndefined();
    const text = await request(t.http).get('/api/doctors?q=skin');
    expect((text.body as PublicDoctor[]).map((d) => d.name)).toEqual(['Dr. Dee Skin']);
    expect((await request(t.http).get('/api/doctors?limit=51')).status).toBe(400);
  });
});

describe('GET /api/doctors/{uid}/slots', () => {
  it('lists the free slots of the window, without the taken ones', async () => {
    const id = await addDoctor('Dr. Slot Keeper', { specialty: 'Urology' });
    const doctor: SeededDoctor = {
      id,
      name: 'Dr. Slot Keeper',
      clinic: 'Main Street Clinic',
      specialty: 'Urology',
      timeZone: 'America/New_York',
      schedule: SCHEDULE,
    };
    const first = bookableSlots(doctor)[0]!;
    await book(t, patient, bookingBody(patient, doctor, first));
    const { from, to } = bookingWindowRange('America/New_York');
    const res = await request(t.http)
      .get(`/api/doctors/${id}/slots?from=${from}&to=${to}`)
      .set(authHeader(patient));
    expect(res.status).toBe(200);
    const body = res.body as DoctorSlotsResponse;
    // At most 14 dates in the window.
    expect(body.days).toHaveLength(14);
    expect(body.days[0]).toEqual({ date: from, weekday: expect.any(String) as string, slots: ['10:00 AM'] });
    expect(body.days[1]!.slots).toEqual(['09:00 AM', '10:00 AM']);
    // The page's next free slot agrees.
    const listed = (await search('?specialty=Urology')).doctors[0]!;
    expect(listed.nextFreeSlot).toBe(slotStart(from, '10:00 AM', 'America/New_York').toISOString());
  });

  it('answers 400 for a window over 31 days or reversed, 404 for a doctor who is not bookable, signed in or not', async () => {
    const id = await addDoctor('Dr. Window', { specialty: 'Urology' });
    const get = (path: string) => request(t.http).get(path).set(authHeader(patient));
    expect((await get(`/api/doctors/${id}/slots?from=2026-01-01&to=2026-02-01`)).status).toBe(400);
    expect((await get(`/api/doctors/${id}/slots?from=2026-01-10&to=2026-01-01`)).status).toBe(400);
    expect((await get(`/api/doctors/${id}/slots?from=2026-01-01`)).status).toBe(400);
    await t.dataSource.query(`UPDATE doctors SET verification_status = 'pending' WHERE id = $1`, [id]);
    const pending = await get(`/api/doctors/${id}/slots?from=2026-01-01&to=2026-01-31`);
    expect(pending.status).toBe(404);
    expect((pending.body as { message: string }).message).toBe(MESSAGES.doctorNotBookable);
    expect((await get(`/api/doctors/not-a-uuid/slots?from=2026-01-01&to=2026-01-31`)).status).toBe(400);
    // Public like GET /api/doctors: signed out, the same answer.
    expect((await request(t.http).get(`/api/doctors/${id}/slots?from=2026-01-01&to=2026-01-31`)).status).toBe(
      404,
    );
  });
});

describe('the page statement reads through the indexes', () => {
  /** The index names in an EXPLAIN (FORMAT JSON) plan. */
  function indexNames(plan: unknown): string[] {
    const found: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'Index Name' && typeof v === 'string') found.push(v);
          else walk(v);
        }
      }
    };
    walk(plan);
    return found;
  }

  async function explain(filters: Partial<DoctorPageFilters>): Promise<string[]> {
    const { sql, params } = doctorsPageSql({
      patientUid: patient.uid,
      rows: 21,
      window: bookingWindowParams(new Date()),
      ...filters,
    });
    const [row] = await t.dataSource.query<{ 'QUERY PLAN': unknown }[]>(
      `EXPLAIN (FORMAT JSON) ${sql}`,
      params,
    );
    return indexNames(row!['QUERY PLAN']);
  }

  beforeAll(async () => {
    // 20,000 doctors over 20 specialties (a quarter not bookable), so a scan of the table costs more.
    await t.dataSource.query(
      `INSERT INTO doctors (name, specialty, clinic, schedule, verification_status, is_available, onboarding_completed)
       SELECT 'Dr. Bulk ' || lpad(g::text, 6, '0'), 'Specialty ' || (g % 20), 'Clinic ' || md5(g::text),
              $1::jsonb, CASE WHEN g % 4 = 0 THEN 'pending' ELSE 'approved' END, true, true
         FROM generate_series(1, 20000) g`,
      [JSON.stringify(SCHEDULE)],
    );
    // The API serves as the role medora_app, which does not own the table: ANALYZE as the owner, on one
    // connection (one simple-protocol string), then back to the app role.
    // 40,000 appointments of 2,000 of them, so the page's taken-slot lookup has a table worth an index.
    await t.dataSource.query(
      `INSERT INTO users (firebase_uid, email, role)
       SELECT 'bulk-' || h, 'bulk' || h || '@test.medora', 'patient' FROM generate_series(1, 20) h`,
    );
    await t.dataSource.query(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
       SELECT 'bulk-' || h, d.id, date_trunc('hour', now()) + h * interval '1 day', 'Bulk', d.clinic, d.specialty, d.name
         FROM (SELECT id, clinic, specialty, name FROM doctors WHERE name LIKE 'Dr. Bulk%' ORDER BY name LIMIT 2000) d
        CROSS JOIN generate_series(1, 20) h`,
    );
    // The API serves as the role medora_app, which does not own the table: ANALYZE as the login user.
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    try {
      await owner.query(`ANALYZE doctors`);
      await owner.query(`ANALYZE appointments`);
    } finally {
      await owner.end();
    }
  }, 60_000);

  it('the first page by name through idx_doctors_bookable_name', async () => {
    expect(await explain({})).toContain('idx_doctors_bookable_name');
  });

  it('a later page of a specialty through idx_doctors_bookable_specialty_name', async () => {
    expect(
      await explain({
        specialty: 'Specialty 7',
        after: { name: 'Dr. Bulk 000500', id: '00000000-0000-4000-8000-000000000000' },
      }),
    ).toContain('idx_doctors_bookable_specialty_name');
  });

  it('the chronic-condition filter’s "does any doctor match" probe through idx_doctors_bookable_specialty_name', async () => {
    // The costly case: no doctor has those specialties (the probe then proves it without a scan).
    expect(await explain({ conditionSpecialties: ['Specialty 98', 'Specialty 99'] })).toContain(
      'idx_doctors_bookable_specialty_name',
    );
  });

  it('the name/clinic text search through the trigram index idx_doctors_search_trgm', async () => {
    expect(await explain({ q: 'abcdef' })).toContain('idx_doctors_search_trgm');
  });

  it('a text search that also names a specialty reads through the trigram and specialty indexes', async () => {
    expect(await explain({ q: 'cardio' })).toEqual(
      expect.arrayContaining(['idx_doctors_search_trgm', 'idx_doctors_bookable_specialty_name']),
    );
  });

  it('the page’s taken slots through an index on (doctor_id, starts_at)', async () => {
    // The active-slot unique index (doctor_id, starts_at WHERE not cancelled) or the keyset index
    // (doctor_id, starts_at, id) that replaced the plain one: the planner may take either.
    expect(await explain({})).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^(uq_appointments_doctor_slot_active|idx_appointments_doctor_starts_id)$/),
      ]),
    );
  });
});
