import request from 'supertest';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';
import { World } from './support/authz/world.js';

/**
 * The patient's notes are health data: once an appointment is cancelled its doctor no longer sees
 * them — not in the appointment, not in its .ics DESCRIPTION, not in the provider list — while the
 * patient still does. The same calls before the cancellation are the control.
 */

const NOTES = 'Chest pain since Tuesday, worse at night';

let t: TestApp;
let w: World;
let id: string;
let date: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { LOG_LEVEL: 'silent' } });
  w = await World.build(t);
  id = await w.freshAppointment();
  await t.dataSource.query('UPDATE appointments SET notes = $2 WHERE id = $1', [id, NOTES]);
  const [row] = await t.dataSource.query<{ date: string }[]>(
    `SELECT to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date FROM appointments WHERE id = $1`,
    [id],
  );
  date = row!.date;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function seen(user: TestUser) {
  const get = (path: string) => request(t.http).get(path).set(authHeader(user));
  const one = await get(`/api/appointments/${id}`);
  const ics = await get(`/api/appointments/${id}/ics`);
  expect([one.status, ics.status]).toEqual([200, 200]);
  return { appointment: one.body.notes as string, ics: ics.text.includes('DESCRIPTION:Chest pain') };
}

async function providerListNotes(): Promise<string | undefined> {
  const res = await request(t.http)
    .get('/api/provider/appointments')
    .query({ from: addDay(date, -1), to: addDay(date, 1) })
    .set(authHeader(w.users.bookedDoctor));
  expect(res.status).toBe(200);
  return (res.body.items as { id: string; notes: string }[]).find((a) => a.id === id)?.notes;
}

const addDay = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);

describe('a cancelled appointment', () => {
  it('before cancelling: the doctor sees the notes in the appointment, the .ics and the list', async () => {
    expect(await seen(w.users.bookedDoctor)).toEqual({ appointment: NOTES, ics: true });
    expect(await providerListNotes()).toBe(NOTES);
  });

  it('after the patient cancels: the doctor no longer sees them anywhere; the patient still does', async () => {
    const cancel = await request(t.http)
      .post(`/api/appointments/${id}/cancel`)
      .set(authHeader(w.users.patient));
    expect(cancel.status).toBe(200);
    expect(await seen(w.users.bookedDoctor)).toEqual({ appointment: '', ics: false });
    expect(await providerListNotes()).toBe('');
    expect(await seen(w.users.patient)).toEqual({ appointment: NOTES, ics: true });
  });
});
