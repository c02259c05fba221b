import type { Response } from 'supertest';
import type { TestApp, TestUser } from './helpers.js';
import { createTestApp } from './helpers.js';
import {
  book,
  bookableSlots,
  bookingBody,
  freeSlotTexts,
  registeredPatient,
  seededDoctor,
} from './booking-helpers.js';

let t: TestApp;

beforeAll(async () => {
  // The throttles are lifted here: the same 50 patients race for 20 slots in a row, all from one IP.
  t = await createTestApp({
    env: {
      BOOKING_MAX_PER_HOUR: '1000',
      BOOKING_MAX_UPCOMING: '1000',
      RATE_LIMIT_BOOKING_PER_USER: '1000',
      RATE_LIMIT_BOOKING_PER_IP: '10000',
      DB_POOL_SIZE: '10',
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const PATIENTS = 50;
const ROUNDS = 20;

describe('POST /api/appointments under contention', () => {
  it(`gives one slot to exactly one of ${PATIENTS} concurrent patients, ${ROUNDS} times over`, async () => {
    const doctor = await seededDoctor(t, 'demo-doctor-general-medicine');
    const patients: TestUser[] = [];
    for (let i = 0; i < PATIENTS; i += 10) {
      patients.push(...(await Promise.all(Array.from({ length: 10 }, () => registeredPatient(t)))));
    }
    const slots = bookableSlots(doctor).slice(0, ROUNDS);
    expect(slots).toHaveLength(ROUNDS);

    const tally = { created: 0, conflict: 0, other: 0 };
    for (const date of slots) {
      const results: Response[] = await Promise.all(
        patients.map((p) => book(t, p, bookingBody(p, doctor, date))),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(PATIENTS - 1);
      expect(statuses.some((s) => s >= 500)).toBe(false);
      tally.created += statuses.filter((s) => s === 201).length;
      tally.conflict += statuses.filter((s) => s === 409).length;
      tally.other += statuses.filter((s) => s !== 201 && s !== 409).length;
    }
    expect(tally).toEqual({ created: ROUNDS, conflict: ROUNDS * (PATIENTS - 1), other: 0 });

    const rows = (await t.dataSource.query(
      `SELECT starts_at, count(*)::int AS n FROM appointments WHERE doctor_id = $1 GROUP BY starts_at`,
      [doctor.id],
    )) as { n: number }[];
    expect(rows).toHaveLength(ROUNDS);
    expect(rows.every((r) => r.n === 1)).toBe(true);

    // Every slot won is reported as taken (no longer free) to everyone.
    const free = new Set(await freeSlotTexts(t, patients[0]!, doctor));
    const takenTexts = bookableSlots(doctor).filter((s) => !free.has(s));
    expect(takenTexts.sort()).toEqual([...slots].sort());
  }, 240_000);
});
