import net from 'node:net';
import type { Appointment } from '@medora/shared';
import { MailSink } from '../src/mail/mail-sink.js';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import {
  approvedDoctorAccount,
  book,
  bookableSlots,
  bookingBody,
  patientWithRecord,
} from './booking-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Mail delivery with the real pieces together: the SMTP dispatcher behind the pg-boss queue. The app's
 * SMTP_URL names a port where nothing listens (the server is down): the booking still answers 201, the
 * confirmation's job fails and is retried, and once an SMTP server listens on that port the mail
 * arrives — once.
 */
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: DAYS,
  timeSlots: Object.fromEntries(DAYS.map((day) => [day, ['09:00 AM', '11:00 AM']])),
};

const sink = new MailSink();
let t: TestApp;
let port: number;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}

/** Polls `done` until it holds; fails after `ms` (a wait for the worker, not a timing assertion). */
async function until(done: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({
    seed: false,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Medora Test <no-reply@medora.test>',
      MAIL_LINK_SECRET: 'a-test-secret-for-the-mail-links-0123456789',
      PUBLIC_APP_URL: 'https://medora.test',
      JOBS_POLL_SECONDS: '1',
      MAIL_ATTEMPTS: '30',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_MAX_DELAY_SECONDS: '2',
    },
  });
});

afterAll(async () => {
  await t?.close();
  await sink.stop();
});

it('SMTP down: the booking is 201, the mail is retried, and arrives once when the server is back', async () => {
  const { doctor } = await approvedDoctorAccount(t, {
    name: 'Dr. Down',
    clinic: 'Outage Clinic',
    timeZone: 'Europe/Berlin',
    schedule: SCHEDULE,
  });
  const patient = await patientWithRecord(t, ROUTINE_RECORD);
  const res = await book(t, patient, bookingBody(patient, doctor, bookableSlots(doctor)[0]!));
  expect(res.status).toBe(201);
  const appointment = res.body as Appointment;

  const patientJob = () =>
    t.dataSource.query<{ state: string; retry_count: number }[]>(
      `SELECT state, retry_count FROM pgboss.job
        WHERE name = 'mail' AND data ->> 'appointmentId' = $1 AND data ->> 'audience' = 'patient'`,
      [appointment.id],
    );
  // Tried and failed (nothing listens), and waiting for its next try.
  await until(async () => ((await patientJob())[0]?.retry_count ?? 0) >= 1);
  expect(sink.all()).toHaveLength(0);

  await sink.start(port);
  const mail = await sink.waitFor(
    (m) => m.to.includes(patient.email) && m.subject.startsWith('Booked: your appointment with Dr. Down'),
    30_000,
  );
  expect(mail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/\.ics$/)]);
  await until(async () => (await patientJob())[0]?.state === 'completed');
  expect(sink.all().filter((m) => m.to.includes(patient.email))).toHaveLength(1);
});
