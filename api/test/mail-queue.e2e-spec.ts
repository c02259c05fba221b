import pg from 'pg';
import request from 'supertest';
import { MESSAGES, type FailedMailPage } from '@medora/shared';
import { JobBoss } from '../src/jobs/job-boss.js';
import { RECORD_DUE_SQL } from '../src/jobs/reminder.repository.js';
import { ReminderSweep } from '../src/jobs/reminder-sweep.service.js';
import {
  MAIL_QUEUE,
  type MailDispatcher,
  type MailEvent,
  type MailQueue,
} from '../src/mail/mail.contract.js';
import { MAIL_BATCH_SIZE } from '../src/jobs/pg-boss-mail-queue.js';
import { approvedDoctorAccount, registeredPatient, type SeededDoctor } from './booking-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/**
 * Durable mail jobs in Postgres (pg-boss) — a job per event, in the caller's transaction
 * when given; retries with backoff and a dead letter an admin sees and sends again; the reminder sweep
 * sends each reminder exactly once, also with two processes sweeping at once; a cancelled or moved
 * appointment gets no reminder for its old time; the patient's preferences and the dev clock count.
 */

/**
 * Records what it was asked to send; `down` makes it fail like an SMTP outage, `hold` keeps a send
 * running until the promise resolves (a slow SMTP server).
 */
class TestDispatcher implements MailDispatcher {
  readonly sent: MailEvent[] = [];
  tries = 0;
  down = false;
  hold: Promise<void> | null = null;

  async dispatch(event: MailEvent) {
    this.tries++;
    if (this.hold) await this.hold;
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
    this.sent.push(event);
    return 'sent' as const;
  }
}

const FAST_JOBS = {
  JOBS_POLL_SECONDS: '1',
  MAIL_ATTEMPTS: '3',
  MAIL_RETRY_DELAY_SECONDS: '1',
  MAIL_RETRY_MAX_DELAY_SECONDS: '1',
};

const mailA = new TestDispatcher();
const mailB = new TestDispatcher();
let a: TestApp;
let b: TestApp;
let doctor: SeededDoctor;
let admin: TestUser;

beforeAll(async () => {
  a = await createTestApp({ seed: false, env: FAST_JOBS, mailDispatcher: mailA });
  // A second API process on the same database: its own pg-boss, workers and sweep.
  b = await createTestApp({ env: FAST_JOBS, mailDispatcher: mailB, sharedDatabaseUrl: a.databaseUrl });
  ({ doctor } = await approvedDoctorAccount(a, {
    name: 'Dr. Queue',
    clinic: 'Queue Clinic',
    timeZone: 'UTC',
    schedule: { availableDays: [], timeSlots: {} },
  }));
  admin = await signUpUser();
  await request(a.http).post('/api/users').set(authHeader(admin)).send({ uid: admin.uid, role: 'patient' });
  await a.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

beforeEach(async () => {
  for (const d of [mailA, mailB]) {
    d.sent.length = 0;
    d.tries = 0;
    d.down = false;
    d.hold = null;
  }
  for (const t of [a, b]) await request(t.http).post('/api/dev/clock').send({ offsetMinutes: 0 });
});

const HOUR = 3_600_000;
const sentEverywhere = () => [...mailA.sent, ...mailB.sent];
const remindersFor = (appointmentId: string) =>
  sentEverywhere().filter((e) => e.kind === 'appointment.reminder' && e.appointmentId === appointmentId);

/** Waits (polling the dispatchers, not the clock) until `done` holds; fails after `ms`. */
async function until(done: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the mail workers');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Jobs of the `mail` queue not yet finished (created, retry or active). */
async function pendingMailJobs(): Promise<number> {
  const [row] = await a.dataSource.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND state IN ('created', 'retry', 'active')`,
  );
  return row!.n;
}

async function settled(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await pendingMailJobs()) > 0) {
    if (Date.now() > deadline) throw new Error('mail jobs still pending');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function appointment(
  patient: TestUser,
  startsInMs: number,
  status = 'Scheduled',
): Promise<{ id: string; startsAt: Date }> {
  const startsAt = new Date(Date.now() + startsInMs);
  const [row] = await a.dataSource.query<{ id: string }[]>(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, clinic, specialty, doctor_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [patient.uid, doctor.id, startsAt, status, doctor.clinic, doctor.specialty, doctor.name],
  );
  return { id: row!.id, startsAt };
}

const sweepA = () => a.app.get(ReminderSweep).sweep();
const sweepB = () => b.app.get(ReminderSweep).sweep();

describe('MailQueue on pg-boss', () => {
  const event = (id: string): MailEvent => ({
    kind: 'appointment.cancelled',
    appointmentId: id,
    audience: 'patient',
  });

  it('enqueues in the caller’s transaction: rolled back with it, sent once when it commits', async () => {
    const queue = a.app.get<MailQueue>(MAIL_QUEUE);
    const rolledBack = '00000000-0000-4000-8000-00000000000a';
    const committed = '00000000-0000-4000-8000-00000000000b';
    await expect(
      a.dataSource.transaction(async (m) => {
        await queue.enqueue([event(rolledBack)], m);
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    await a.dataSource.transaction((m) => queue.enqueue([event(committed)], m));
    await until(() => sentEverywhere().length >= 1);
    await settled();
    const ids = sentEverywhere().map((e) => ('appointmentId' in e ? e.appointmentId : null));
    expect(ids).toEqual([committed]);
    const [jobs] = await a.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND data ->> 'appointmentId' = $1`,
      [rolledBack],
    );
    expect(jobs!.n).toBe(0);
  });

  it('a failed enqueue never fails the caller’s transaction (the booking commits, mail is late)', async () => {
    const queue = a.app.get<MailQueue>(MAIL_QUEUE);
    const patient = await registeredPatient(a);
    // The job table refuses inserts for a moment: a real error inside the caller's transaction.
    const owner = new pg.Client({ connectionString: a.databaseUrl });
    await owner.connect();
    try {
      await owner.query(
        `CREATE FUNCTION public.refuse_job() RETURNS trigger LANGUAGE plpgsql
           AS $$ BEGIN RAISE EXCEPTION 'job table unavailable'; END $$`,
      );
      await owner.query(
        `CREATE TRIGGER refuse_job BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION public.refuse_job()`,
      );
      const booked = await a.dataSource.transaction(async (m) => {
        const [row] = await m.query<{ id: string }[]>(
          `INSERT INTO appointments (patient_uid, doctor_id, starts_at, clinic, specialty, doctor_name)
           VALUES ($1, $2, now() + interval '3 days', $3, $4, $5) RETURNING id`,
          [patient.uid, doctor.id, doctor.clinic, doctor.specialty, doctor.name],
        );
        await queue.enqueue([{ kind: 'appointment.booked', appointmentId: row!.id, audience: 'patient' }], m);
        return row!.id;
      });
      const [kept] = await a.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM appointments WHERE id = $1`,
        [booked],
      );
      expect(kept!.n).toBe(1);
      const [jobs] = await a.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE data ->> 'appointmentId' = $1`,
        [booked],
      );
      expect(jobs!.n).toBe(0);
      // Without a transaction too: logged, not thrown.
      await expect(queue.enqueue([event('00000000-0000-4000-8000-0000000000e1')])).resolves.toBeUndefined();
    } finally {
      await owner.query(`DROP TRIGGER IF EXISTS refuse_job ON pgboss.job`);
      await owner.query(`DROP FUNCTION IF EXISTS public.refuse_job()`);
      await owner.end();
    }
  });

  it('sends what a person just did before a backlog of reminders, in batches', async () => {
    const queue = a.app.get<MailQueue>(MAIL_QUEUE);
    const reminders: MailEvent[] = Array.from({ length: 3 * MAIL_BATCH_SIZE }, (_, i) => ({
      kind: 'appointment.reminder',
      appointmentId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      startsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      audience: 'patient',
    }));
    const booked: MailEvent = {
      kind: 'appointment.booked',
      appointmentId: '00000000-0000-4000-8000-0000000000b0',
      audience: 'patient',
    };
    // One insert: the booking's job is the newest, behind the whole backlog.
    await queue.enqueue([...reminders, booked]);
    await until(() => sentEverywhere().length === reminders.length + 1);
    await settled();
    // Higher priority is fetched first: the booking was in the first batch of the process that sent it
    // (by age alone it would have come with the last).
    const sentBy = [mailA.sent, mailB.sent].find((sent) =>
      sent.some((e) => e.kind === 'appointment.booked'),
    )!;
    expect(sentBy.findIndex((e) => e.kind === 'appointment.booked')).toBeLessThan(MAIL_BATCH_SIZE);
  });

  it('SMTP down: the job is retried with backoff and delivered once the server is back', async () => {
    mailA.down = mailB.down = true;
    await a.app.get<MailQueue>(MAIL_QUEUE).enqueue([event('00000000-0000-4000-8000-0000000000c1')]);
    await until(() => mailA.tries + mailB.tries >= 2);
    expect(sentEverywhere()).toEqual([]);
    mailA.down = mailB.down = false;
    await until(() => sentEverywhere().length === 1);
    await settled();
    expect(sentEverywhere()).toHaveLength(1);
  });

  it('still down after every try: dead-lettered, listed for admins, sent again on retry (audited)', async () => {
    mailA.down = mailB.down = true;
    const id = '00000000-0000-4000-8000-0000000000d1';
    await a.app.get<MailQueue>(MAIL_QUEUE).enqueue([event(id)]);
    await until(() => mailA.tries + mailB.tries >= 3);
    await settled();
    const list = await request(a.http).get('/api/admin/mail/failed').set(authHeader(admin));
    expect(list.status).toBe(200);
    const page = list.body as FailedMailPage;
    const dead = page.items.find((i) => i.appointmentId === id);
    expect(dead).toMatchObject({ kind: 'appointment.cancelled', audience: 'patient', attempts: 3 });
    expect(dead!.lastError).toContain('ECONNREFUSED');
    expect(JSON.stringify(page)).not.toMatch(/@/);

    const patient = await registeredPatient(a);
    expect((await request(a.http).get('/api/admin/mail/failed').set(authHeader(patient))).status).toBe(403);
    expect(
      (await request(a.http).get('/api/admin/mail/failed?limit=0').set(authHeader(admin))).body.message,
    ).toBe(MESSAGES.mailFailedLimitInvalid);

    mailA.down = mailB.down = false;
    const retry = await request(a.http)
      .post(`/api/admin/mail/failed/${dead!.id}/retry`)
      .set(authHeader(admin));
    expect(retry.status).toBe(202);
    await until(() => sentEverywhere().length === 1);
    expect(sentEverywhere()[0]).toMatchObject({ appointmentId: id });
    const again = await request(a.http)
      .post(`/api/admin/mail/failed/${dead!.id}/retry`)
      .set(authHeader(admin));
    expect(again.status).toBe(404);
    const after = (await request(a.http).get('/api/admin/mail/failed').set(authHeader(admin)))
      .body as FailedMailPage;
    expect(after.items.some((i) => i.id === dead!.id)).toBe(false);
    const audit = await a.dataSource.query<{ outcome: string }[]>(
      `SELECT outcome FROM audit_log WHERE action = 'mail.retry' AND resource_id = $1 ORDER BY created_at`,
      [dead!.id],
    );
    expect(audit.map((r) => r.outcome)).toEqual(['allowed', 'denied']);
  });
});

describe('reminder sweep', () => {
  it('two processes sweeping at once send each reminder exactly once', async () => {
    const patient = await registeredPatient(a);
    const due = await Promise.all(
      Array.from({ length: 12 }, (_, i) => appointment(patient, 20 * HOUR + i * 60_000)),
    );
    const counts = await Promise.all([sweepA(), sweepB(), sweepA(), sweepB()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(due.length);
    await until(() => due.every((d) => remindersFor(d.id).length >= 1));
    await settled();
    for (const d of due) {
      expect(remindersFor(d.id)).toEqual([
        {
          kind: 'appointment.reminder',
          appointmentId: d.id,
          startsAt: d.startsAt.toISOString(),
          audience: 'patient',
        },
      ]);
    }
    expect(await sweepA()).toBe(0);
  });

  it('a cancelled appointment gets none; a rescheduled one gets one for its new time only', async () => {
    const patient = await registeredPatient(a);
    const cancelled = await appointment(patient, 10 * HOUR, 'Cancelled');
    const moved = await appointment(patient, 30 * HOUR);
    expect(await sweepA()).toBe(0);
    const newStart = new Date(Date.now() + 5 * HOUR);
    await a.dataSource.query(
      `UPDATE appointments SET rescheduled_from = starts_at, starts_at = $2, rescheduled_at = now() WHERE id = $1`,
      [moved.id, newStart],
    );
    expect(await sweepA()).toBe(1);
    await until(() => remindersFor(moved.id).length === 1);
    await settled();
    expect(remindersFor(cancelled.id)).toEqual([]);
    expect(remindersFor(moved.id).map((e) => (e as { startsAt: string }).startsAt)).toEqual([
      newStart.toISOString(),
    ]);
  });

  it('moving the dev clock makes a later reminder due', async () => {
    const patient = await registeredPatient(a);
    const later = await appointment(patient, 30 * HOUR);
    expect(await sweepA()).toBe(0);
    const moved = await request(a.http)
      .post('/api/dev/clock')
      .send({ offsetMinutes: 7 * 60 });
    expect(moved.status).toBe(200);
    expect(moved.body.offsetMinutes).toBe(420);
    const run = await request(a.http).post('/api/dev/reminders/sweep');
    expect(run.body).toEqual({ enqueued: 1 });
    await until(() => remindersFor(later.id).length === 1);
    expect((await request(a.http).post('/api/dev/clock').send({ offsetMinutes: 1.5 })).body.message).toBe(
      MESSAGES.devClockInvalid,
    );
  });

  it('honours the preferences: reminders off, and a 48 h lead', async () => {
    const off = await registeredPatient(a);
    const early = await registeredPatient(a);
    for (const [user, on, lead] of [
      [off, false, 24],
      [early, true, 48],
    ] as const) {
      const res = await request(a.http).put('/api/me/preferences').set(authHeader(user)).send({
        emailBookingConfirmations: true,
        emailReminders: on,
        reminderLeadHours: lead,
        inAppNotifications: true,
      });
      expect(res.status).toBe(200);
    }
    const silent = await appointment(off, 3 * HOUR);
    const inForty = await appointment(early, 40 * HOUR);
    expect(await sweepA()).toBe(1);
    await until(() => remindersFor(inForty.id).length === 1);
    await settled();
    expect(remindersFor(silent.id)).toEqual([]);
  });
});

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function planNodes(plan: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if ('Node Type' in n) found.push(n);
      Object.values(n).forEach(walk);
    }
  };
  walk(plan);
  return found;
}

describe('the sweep reads through the partial index on starts_at', () => {
  it('with 60,000 appointments over a year, only the next two days are read', async () => {
    // The bulk rows as the owner, whose session has no statement timeout (the app's pool has one).
    const owner = new pg.Client({ connectionString: a.databaseUrl });
    await owner.connect();
    try {
      await owner.query(
        `INSERT INTO users (firebase_uid, email, role)
         SELECT 'sweep-bulk-' || h, 'sweep-bulk' || h || '@test.medora', 'patient' FROM generate_series(1, 60) h`,
      );
      await owner.query(
        `INSERT INTO appointments (patient_uid, doctor_id, starts_at, clinic, specialty, doctor_name, status)
         SELECT 'sweep-bulk-' || (g % 60 + 1), $1, now() + interval '3 days' + g * interval '9 minutes',
                $2, $3, $4, CASE WHEN g % 7 = 0 THEN 'Cancelled' ELSE 'Scheduled' END
           FROM generate_series(1, 60000) g`,
        [doctor.id, doctor.clinic, doctor.specialty, doctor.name],
      );
      await owner.query(`ANALYZE appointments`);
      await owner.query(`ANALYZE users`);
      const [row] = (
        await owner.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${RECORD_DUE_SQL}`, [
          new Date(),
          24,
          true,
          200,
        ])
      ).rows;
      const scans = planNodes(row!['QUERY PLAN']).filter((n) => n['Relation Name'] === 'appointments');
      expect(scans.map((n) => n['Index Name'])).toEqual(['idx_appointments_starts_active']);
    } finally {
      await owner.end();
    }
    const started = performance.now();
    expect(await sweepA()).toBe(0);
    // Reported in the README notes; generous bound for a loaded 2-core machine.
    const ms = performance.now() - started;
    console.log(`reminder sweep over 60,000 appointments: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(2_000);
  });
});

describe('shutdown', () => {
  it('stops fetching and lets the running job finish within the grace', async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => (release = resolve));
    mailA.hold = mailB.hold = hold;
    await a.app.get<MailQueue>(MAIL_QUEUE).enqueue([
      {
        kind: 'appointment.cancelled',
        appointmentId: '00000000-0000-4000-8000-0000000000f1',
        audience: 'patient',
      },
    ]);
    await until(() => mailA.tries + mailB.tries === 1);
    // The process whose worker holds the job drains.
    const worker = mailA.tries === 1 ? a : b;
    let drained = false;
    const drain = worker.app
      .get(JobBoss)
      .drain(10_000)
      .then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(drained).toBe(false);
    release();
    await drain;
    expect(sentEverywhere()).toHaveLength(1);
    const [job] = await a.dataSource.query<{ state: string }[]>(
      `SELECT state FROM pgboss.job WHERE name = 'mail' AND data ->> 'appointmentId' = $1`,
      ['00000000-0000-4000-8000-0000000000f1'],
    );
    expect(job!.state).toBe('completed');
  });
});
