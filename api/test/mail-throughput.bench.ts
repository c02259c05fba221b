import { MAIL_QUEUE, type MailEvent, type MailQueue } from '../src/mail/mail.contract.js';
import { MailSink } from '../src/mail/mail-sink.js';
import { MAIL_BATCH_SIZE } from '../src/jobs/pg-boss-mail-queue.js';
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
 * Mail throughput of one API process (`npm run bench:mail`): MAIL_BENCH_COUNT (default 600) booking
 * confirmations queued at once, composed by the real dispatcher and delivered over SMTP to a local
 * server; prints mails per minute. A benchmark, not a test: it states figures and fails only when mail
 * is lost.
 */
const COUNT = Number(process.env.MAIL_BENCH_COUNT ?? 600);
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const sink = new MailSink();
let t: TestApp;

beforeAll(async () => {
  const port = await sink.start();
  t = await createTestApp({
    seed: false,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Medora Bench <no-reply@medora.test>',
      MAIL_LINK_SECRET: 'a-bench-secret-for-the-mail-links-0123456789',
      PUBLIC_APP_URL: 'https://medora.test',
    },
  });
});

afterAll(async () => {
  await t?.close();
  await sink.stop();
});

it(`delivers ${COUNT} mails queued at once and prints the rate`, async () => {
  const { doctor } = await approvedDoctorAccount(t, {
    name: 'Dr. Bench',
    clinic: 'Bench Clinic',
    timeZone: 'UTC',
    schedule: { availableDays: DAYS, timeSlots: Object.fromEntries(DAYS.map((d) => [d, ['09:00 AM']])) },
  });
  const patient = await patientWithRecord(t, ROUTINE_RECORD);
  const res = await book(t, patient, bookingBody(patient, doctor, bookableSlots(doctor)[0]!));
  expect(res.status).toBe(201);
  await sink.waitFor((m) => m.to.includes(patient.email), 30_000);
  sink.clear();

  const event: MailEvent = { kind: 'appointment.booked', appointmentId: res.body.id, audience: 'patient' };
  const started = performance.now();
  await t.app.get<MailQueue>(MAIL_QUEUE).enqueue(Array.from({ length: COUNT }, () => event));
  while (sink.received() < COUNT) {
    if (performance.now() - started > 600_000) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const delivered = sink.received();
  console.log(
    [
      `Mail throughput, one API process (batch ${MAIL_BATCH_SIZE}, pooled SMTP, local server):`,
      `  ${delivered} of ${COUNT} delivered in ${seconds.toFixed(1)} s = ${Math.round((delivered / seconds) * 60)} mails per minute`,
    ].join('\n'),
  );
  expect(delivered).toBe(COUNT);
}, 700_000);
