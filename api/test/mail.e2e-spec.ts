import { createHmac } from 'node:crypto';
import ICAL from 'ical.js';
import request from 'supertest';
import {
  MESSAGES,
  UNSUBSCRIBE_TOKEN_DAYS,
  parseAppointmentDate,
  type Appointment,
  type MailSinkMessage,
} from '@medora/shared';
import { MAIL_DISPATCHER, type MailDispatcher, type MailEvent } from '../src/mail/mail.contract.js';
import { MailDispatcherService } from '../src/mail/mail-dispatcher.service.js';
import { MailSink } from '../src/mail/mail-sink.js';
import { createUnsubscribeToken } from '../src/mail/unsubscribe-token.js';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import {
  approvedDoctorAccount,
  book,
  bookableSlots,
  bookingBody,
  patientWithRecord,
  type SeededDoctor,
} from './booking-helpers.js';
import { applicationVersion, uploadRequiredCredentials } from './application-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';
import { APPLICATION } from './support/authz/world.js';

/**
 * E-mail through a real SMTP path. The app sends to an smtp-server started here (SMTP_URL);
 * every message is parsed (mailparser) and checked: recipients, subjects, both parts, the calendar file
 * (parsed by ical.js), no health data, preferences, reminders that no longer hold, and the signed
 * one-click unsubscribe.
 */
const SECRET = 'a-test-secret-for-the-mail-links-0123456789';
/** The key every local install used to share (it was a constant of the source): it signs nothing now. */
const OLD_SHARED_LOCAL_SECRET = 'medora-local-only-mail-link-secret-never-in-production';
const NOTE = 'Crushing chest pain since Tuesday';
/** Strings of the intake and the booking note that must never appear in any mail. */
const HEALTH_DATA = [NOTE, 'Asthma', 'Sore Throat', 'Cough', 'Pollen', 'salbutamol', 'Gynecological'];

const sink = new MailSink();
let t: TestApp;
let dispatcher: MailDispatcher;

beforeAll(async () => {
  const port = await sink.start();
  t = await createTestApp({
    seed: false,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Medora Test <no-reply@medora.test>',
      MAIL_LINK_SECRET: SECRET,
      PUBLIC_APP_URL: 'https://medora.test',
      JOBS_POLL_SECONDS: '1',
    },
  });
  dispatcher = t.app.get<MailDispatcher>(MAIL_DISPATCHER);
});

afterAll(async () => {
  // Every mail this file caused: none may carry the intake or the booking note.
  expect(sink.all().length).toBeGreaterThan(5);
  for (const mail of sink.all()) {
    const everything = [
      mail.subject,
      mail.text,
      mail.html ?? '',
      ...Object.values(mail.headers),
      ...mail.attachments.map((a) => Buffer.from(a.base64, 'base64').toString('utf8')),
    ].join('\n');
    const found = HEALTH_DATA.filter((secret) => everything.includes(secret));
    expect([mail.subject, found]).toEqual([mail.subject, []]);
  }
  await t?.close();
  await sink.stop();
});

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: DAYS,
  timeSlots: Object.fromEntries(DAYS.map((day) => [day, ['09:00 AM', '11:00 AM', '03:00 PM']])),
};
let doctorCount = 0;

async function setup(): Promise<{ patient: TestUser; doctorUser: TestUser; doctor: SeededDoctor }> {
  const { user: doctorUser, doctor } = await approvedDoctorAccount(t, {
    name: `Dr. Mail ${++doctorCount}`,
    clinic: 'Spree Clinic',
    timeZone: 'Europe/Berlin',
    schedule: SCHEDULE,
  });
  const patient = await patientWithRecord(t, ROUTINE_RECORD);
  return { patient, doctorUser, doctor };
}

async function booked(patient: TestUser, doctor: SeededDoctor, slot = 0): Promise<Appointment> {
  const res = await book(
    t,
    patient,
    bookingBody(patient, doctor, bookableSlots(doctor)[slot]!, { notes: NOTE }),
  );
  expect(res.status).toBe(201);
  return res.body as Appointment;
}

// Mail goes through the durable queue (a worker polls every JOBS_POLL_SECONDS): wait on the sink for it.
const mailTo = (email: string, subjectStart: string) =>
  sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith(subjectStart), 20_000);

interface ParsedIcs {
  method: string;
  uid: string;
  sequence: number;
  start: Date;
  utc: boolean;
  status: string;
}

function calendarOf(mail: MailSinkMessage): ParsedIcs {
  const ics = mail.attachments.find((a) => a.filename.endsWith('.ics'));
  expect(ics?.contentType).toBe('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(ics!.base64, 'base64').toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const dtstart = event.getFirstPropertyValue('dtstart') as ICAL.Time;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: dtstart.toJSDate(),
    utc: dtstart.zone === ICAL.Timezone.utcTimezone,
    status: String(event.getFirstPropertyValue('status')),
  };
}

function expectBothParts(mail: MailSinkMessage, ...texts: string[]) {
  for (const text of texts) {
    expect(mail.text).toContain(text);
    expect(mail.html).toContain(text);
  }
}

describe('appointment mails', () => {
  it('booking: the patient gets the confirmation with a PUBLISH .ics, the doctor a notice; both name the zone', async () => {
    const { patient, doctorUser, doctor } = await setup();
    const appointment = await booked(patient, doctor);

    const toPatient = await mailTo(patient.email, 'Booked: your appointment with');
    expect(toPatient.from).toContain('no-reply@medora.test');
    expect(toPatient.subject).toContain(doctor.name);
    expectBothParts(
      toPatient,
      doctor.name,
      'Spree Clinic',
      '(Europe/Berlin)',
      'https://medora.test/dashboard',
    );
    const ics = calendarOf(toPatient);
    expect(ics).toMatchObject({ method: 'PUBLISH', uid: `${appointment.id}@medora`, sequence: 0, utc: true });
    expect(ics.start.toISOString()).toBe(new Date(appointment.startsAt).toISOString());

    const toDoctor = await mailTo(doctorUser.email, 'New booking on');
    expectBothParts(toDoctor, 'Spree Clinic', '(Europe/Berlin)', 'https://medora.test/provider-dashboard');
    expect(toDoctor.attachments).toEqual([]);
    // The patient's name is not in the doctor's mail either: clinic, time and a link only.
    expect(toDoctor.text).not.toContain(ROUTINE_RECORD.name as string);
  });

  it('cancel: a .ics marking the same UID cancelled with a higher SEQUENCE; the doctor is told', async () => {
    const { patient, doctorUser, doctor } = await setup();
    const appointment = await booked(patient, doctor);
    const first = calendarOf(await mailTo(patient.email, 'Booked:'));
    const res = await request(t.http)
      .post(`/api/appointments/${appointment.id}/cancel`)
      .set(authHeader(patient));
    expect(res.status).toBe(200);

    const cancelled = await mailTo(patient.email, 'Cancelled: your appointment with');
    expectBothParts(cancelled, doctor.name, '(Europe/Berlin)');
    const ics = calendarOf(cancelled);
    expect(ics).toMatchObject({ method: 'PUBLISH', uid: first.uid, status: 'CANCELLED' });
    expect(ics.sequence).toBeGreaterThan(first.sequence);
    await mailTo(doctorUser.email, 'Cancelled: the appointment on');
  });

  it('a doctor’s cancellation reaches the patient’s mailbox with the cancelling .ics, and the doctor’s', async () => {
    const { patient, doctorUser, doctor } = await setup();
    const appointment = await booked(patient, doctor);
    const first = calendarOf(await mailTo(patient.email, 'Booked:'));
    const res = await request(t.http)
      .post(`/api/provider/appointments/${appointment.id}/cancel`)
      .set(authHeader(doctorUser))
      .send({ reason: 'The clinic is closed that day' });
    expect(res.status).toBe(200);

    const cancelled = await mailTo(patient.email, 'Cancelled: your appointment with');
    expectBothParts(cancelled, doctor.name, '(Europe/Berlin)');
    expect(calendarOf(cancelled)).toMatchObject({ method: 'PUBLISH', uid: first.uid, status: 'CANCELLED' });
    // The reason may describe the patient's health: it stays in the product, not in the mail.
    expect(cancelled.text).not.toContain('The clinic is closed');
    await mailTo(doctorUser.email, 'Cancelled: the appointment on');
  });

  it('reschedule: an updated PUBLISH .ics (same UID, higher SEQUENCE, new start), the old time named', async () => {
    const { patient, doctorUser, doctor } = await setup();
    const appointment = await booked(patient, doctor, 0);
    const first = calendarOf(await mailTo(patient.email, 'Booked:'));
    const { date, time } = parseAppointmentDate(bookableSlots(doctor)[1]!)!;
    const res = await request(t.http)
      .post(`/api/appointments/${appointment.id}/reschedule`)
      .set(authHeader(patient))
      .send({ date, time });
    expect(res.status).toBe(200);
    const after = res.body as Appointment;

    const moved = await mailTo(patient.email, 'Moved: your appointment with');
    const ics = calendarOf(moved);
    expect(ics).toMatchObject({ method: 'PUBLISH', uid: first.uid });
    expect(ics.sequence).toBeGreaterThan(first.sequence);
    expect(ics.start.toISOString()).toBe(new Date(after.startsAt).toISOString());
    expect(moved.text).toMatch(/has moved from .+ \(Europe\/Berlin\) to .+ \(Europe\/Berlin\)/);
    await mailTo(doctorUser.email, 'Moved: an appointment is now on');
  });
});

describe('preferences and reminders', () => {
  const dispatch = (event: MailEvent) => dispatcher.dispatch(event);

  it('emailBookingConfirmations off: no booking mail to that user', async () => {
    const { patient, doctor } = await setup();
    const put = await request(t.http).put('/api/me/preferences').set(authHeader(patient)).send({
      emailBookingConfirmations: false,
      emailReminders: true,
      reminderLeadHours: 24,
      inAppNotifications: true,
    });
    expect(put.status).toBe(200);
    const appointment = await booked(patient, doctor);
    const event = { kind: 'appointment.booked', appointmentId: appointment.id, audience: 'patient' } as const;
    await expect(dispatch(event)).resolves.toBe('skipped');
    // The doctor still hears of it.
    await expect(dispatch({ ...event, audience: 'doctor' })).resolves.toBe('sent');
  });

  it('a reminder: sent with the one-click unsubscribe headers and link while it holds; skipped when moved or cancelled', async () => {
    const { patient, doctor } = await setup();
    const appointment = await booked(patient, doctor);
    const reminder = {
      kind: 'appointment.reminder',
      appointmentId: appointment.id,
      startsAt: appointment.startsAt,
      audience: 'patient',
    } as const;
    await expect(dispatch(reminder)).resolves.toBe('sent');
    const mail = await mailTo(patient.email, 'Reminder: your appointment with');
    expectBothParts(mail, doctor.name, '(Europe/Berlin)', 'https://medora.test/unsubscribe?token=');
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/medora\.test\/api\/mail\/unsubscribe\?token=[\w.%-]+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const moved = new Date(new Date(appointment.startsAt).getTime() + 3_600_000).toISOString();
    await expect(dispatch({ ...reminder, startsAt: moved })).resolves.toBe('skipped');
    await request(t.http)
      .post(`/api/appointments/${appointment.id}/cancel`)
      .set(authHeader(patient))
      .expect(200);
    await expect(dispatch(reminder)).resolves.toBe('skipped');
  });

  it('emailReminders off: no reminder', async () => {
    const { patient, doctor } = await setup();
    const appointment = await booked(patient, doctor);
    await request(t.http)
      .put('/api/me/preferences')
      .set(authHeader(patient))
      .send({
        emailBookingConfirmations: true,
        emailReminders: false,
        reminderLeadHours: 24,
        inAppNotifications: true,
      })
      .expect(200);
    await expect(
      dispatch({
        kind: 'appointment.reminder',
        appointmentId: appointment.id,
        startsAt: appointment.startsAt,
        audience: 'patient',
      }),
    ).resolves.toBe('skipped');
  });
});

describe('the application decision', () => {
  it('approved, and rejected with the reason; skipped once the application no longer holds that decision', async () => {
    const { doctorUser, doctor } = await setup();
    const event = {
      kind: 'application.decided',
      doctorId: doctor.id,
      decision: 'approved',
      audience: 'applicant',
    } as const;
    await expect(dispatcher.dispatch(event)).resolves.toBe('sent');
    const approved = await mailTo(doctorUser.email, MESSAGES.mailApprovedSubject);
    expectBothParts(approved, 'https://medora.test/provider-dashboard');

    await t.dataSource.query(
      `UPDATE doctors SET verification_status = 'rejected', rejection_reason = $2 WHERE id = $1`,
      [doctor.id, 'Licence <expired>.'],
    );
    await expect(dispatcher.dispatch(event)).resolves.toBe('skipped');
    await expect(dispatcher.dispatch({ ...event, decision: 'rejected' })).resolves.toBe('sent');
    const rejected = await mailTo(doctorUser.email, MESSAGES.mailRejectedSubject);
    expect(rejected.text).toContain('The reason: Licence <expired>.');
    // Escaped in the HTML part: the reason can never become markup.
    expect(rejected.html).toContain('Licence &lt;expired&gt;.');
    expect(rejected.html).not.toContain('<expired>');
  });
});

describe('POST /api/admin/doctors/{id}/reject mails the applicant', () => {
  it('after the decision committed: the reason, the link to the application', async () => {
    const admin = await signUpUser();
    await request(t.http)
      .post('/api/users')
      .set(authHeader(admin))
      .send({ uid: admin.uid, role: 'patient' })
      .expect(201);
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
    const applicant = await signUpUser();
    await request(t.http)
      .post('/api/users')
      .set(authHeader(applicant))
      .send({ uid: applicant.uid, role: 'doctor' })
      .expect(201);
    await uploadRequiredCredentials(t.http, applicant);
    const submitted = await request(t.http)
      .post('/api/doctors')
      .set(authHeader(applicant))
      .send({ uid: applicant.uid, data: APPLICATION });
    expect(submitted.status).toBe(201);
    const id = (submitted.body as { data: { id: string } }).data.id;
    const version = await applicationVersion(t.dataSource, id);
    const res = await request(t.http)
      .post(`/api/admin/doctors/${id}/reject`)
      .set(authHeader(admin))
      .send({ reason: 'The licence number does not match the register', version });
    expect(res.status).toBe(200);
    const mail = await mailTo(applicant.email, MESSAGES.mailRejectedSubject);
    expectBothParts(
      mail,
      'The licence number does not match the register',
      'https://medora.test/doctor-onboarding',
    );
  });
});

describe('GET/POST /api/mail/unsubscribe', () => {
  const check = (token: string) => request(t.http).get('/api/mail/unsubscribe').query({ token });
  const preferences = async (user: TestUser) =>
    (await request(t.http).get('/api/me/preferences').set(authHeader(user)).expect(200)).body as {
      emailReminders: boolean;
      emailBookingConfirmations: boolean;
    };

  it('a valid token: GET checks without changing anything; the one-click POST turns reminders off, no login', async () => {
    const { patient } = await setup();
    const token = createUnsubscribeToken(patient.uid, 'reminders', 0, SECRET);
    const got = await check(token);
    expect([got.status, got.body]).toEqual([200, { list: 'reminders', unsubscribed: false }]);
    expect((await preferences(patient)).emailReminders).toBe(true);

    // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click`, form-encoded, to the header's URI.
    const posted = await request(t.http)
      .post(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect([posted.status, posted.body]).toEqual([200, { list: 'reminders', unsubscribed: true }]);
    expect(await preferences(patient)).toMatchObject({
      emailReminders: false,
      emailBookingConfirmations: true,
    });
  });

  it('refuses an expired, a tampered, a foreign and an unknown user’s token with a clear message', async () => {
    const { patient } = await setup();
    const old = new Date(Date.now() - (UNSUBSCRIBE_TOKEN_DAYS + 1) * 86_400_000);
    const expired = await check(createUnsubscribeToken(patient.uid, 'reminders', 0, SECRET, old));
    expect([expired.status, expired.body.message]).toEqual([410, MESSAGES.unsubscribeTokenExpired]);

    // Another user's uid in a payload signed for this one: the signature no longer matches.
    const token = createUnsubscribeToken(patient.uid, 'reminders', 0, SECRET);
    const [, signature] = token.split('.');
    const other = createUnsubscribeToken('someone-else', 'reminders', 0, SECRET).split('.')[0];
    for (const forged of [
      `${other}.${signature}`,
      `${token}x`,
      createUnsubscribeToken(patient.uid, 'reminders', 0, OLD_SHARED_LOCAL_SECRET),
      'not-a-token',
    ]) {
      const res = await request(t.http).post('/api/mail/unsubscribe').query({ token: forged });
      expect([forged, res.status, res.body.message]).toEqual([forged, 400, MESSAGES.unsubscribeTokenInvalid]);
    }
    const unknown = await check(createUnsubscribeToken('no-such-user', 'reminders', 0, SECRET));
    expect([unknown.status, unknown.body.message]).toEqual([404, MESSAGES.unsubscribeUserUnknown]);
    const missing = await request(t.http).post('/api/mail/unsubscribe');
    expect([missing.status, missing.body.message]).toEqual([400, MESSAGES.unsubscribeTokenMissing]);
    expect((await preferences(patient)).emailReminders).toBe(true);
  });

  const oneClick = (token: string) =>
    request(t.http)
      .post(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
  const setPreferences = (user: TestUser, emailReminders: boolean, emailBookingConfirmations = true) =>
    request(t.http)
      .put('/api/me/preferences')
      .set(authHeader(user))
      .send({ emailBookingConfirmations, emailReminders, reminderLeadHours: 24, inAppNotifications: true })
      .expect(200);

  it('works once: a repeated one-click answers 200 and changes nothing; after a re-subscribe it does nothing', async () => {
    const { patient, doctor } = await setup();
    // The token a reminder mail carries (made by the dispatcher, with the preference's version).
    const appointment = await booked(patient, doctor);
    const composed = await t.app.get(MailDispatcherService).compose({
      kind: 'appointment.reminder',
      appointmentId: appointment.id,
      startsAt: appointment.startsAt,
      audience: 'patient',
    });
    const link = /https:\/\/medora\.test\/unsubscribe\?token=\S+/.exec(composed!.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    expect([(await oneClick(token)).status, (await preferences(patient)).emailReminders]).toEqual([
      200,
      false,
    ]);
    const again = await oneClick(token);
    expect([again.status, again.body]).toEqual([200, { list: 'reminders', unsubscribed: true }]);
    expect((await check(token)).body).toEqual({ list: 'reminders', unsubscribed: true });

    // The user turns reminders on again: the old link must not undo that, by GET or POST.
    await setPreferences(patient, true);
    const replay = await oneClick(token);
    expect([replay.status, replay.body.message]).toEqual([410, MESSAGES.unsubscribeTokenSuperseded]);
    expect((await check(token)).status).toBe(410);
    expect((await preferences(patient)).emailReminders).toBe(true);
  });

  it('a link made before a change of the preference in the settings does nothing after it', async () => {
    const { patient } = await setup();
    const before = createUnsubscribeToken(patient.uid, 'reminders', 0, SECRET);
    await setPreferences(patient, false);
    await setPreferences(patient, true);
    const res = await oneClick(before);
    expect([res.status, (await preferences(patient)).emailReminders]).toEqual([410, true]);
    // A link at the current version (what the next reminder carries) works.
    const [{ v }] = await t.dataSource.query<{ v: number }[]>(
      `SELECT p.email_reminders_version AS v FROM user_preferences p JOIN users u ON u.id = p.user_id
        WHERE u.firebase_uid = $1`,
      [patient.uid],
    );
    expect(v).toBe(2);
    expect((await oneClick(createUnsubscribeToken(patient.uid, 'reminders', v, SECRET))).status).toBe(200);
    expect((await preferences(patient)).emailReminders).toBe(false);
  });

  it('changes only the list it names: the other preferences stay, and another list name is refused', async () => {
    const { patient } = await setup();
    await setPreferences(patient, true, false);
    expect((await oneClick(createUnsubscribeToken(patient.uid, 'reminders', 0, SECRET))).status).toBe(200);
    expect(await preferences(patient)).toMatchObject({
      emailReminders: false,
      emailBookingConfirmations: false,
    });
    // The same user and version, signed with the real key, but naming another preference.
    const other = await setup();
    const payload = Buffer.from(
      JSON.stringify({ uid: other.patient.uid, list: 'confirmations', v: 0, exp: Date.now() / 1000 + 3600 }),
    ).toString('base64url');
    const signature = createHmac('sha256', SECRET).update(payload).digest('base64url');
    const res = await oneClick(`${payload}.${signature}`);
    expect([res.status, res.body.message]).toEqual([400, MESSAGES.unsubscribeTokenInvalid]);
    expect(await preferences(other.patient)).toMatchObject({
      emailReminders: true,
      emailBookingConfirmations: true,
    });
  });

  it('a local install without MAIL_LINK_SECRET refuses links signed with the key local installs used to share', async () => {
    const local = await createTestApp({ seed: false });
    try {
      const user = await signUpUser();
      await request(local.http)
        .post('/api/users')
        .set(authHeader(user))
        .send({ uid: user.uid, role: 'patient' })
        .expect(201);
      const res = await request(local.http)
        .post('/api/mail/unsubscribe')
        .query({ token: createUnsubscribeToken(user.uid, 'reminders', 0, OLD_SHARED_LOCAL_SECRET) });
      expect([res.status, res.body.message]).toEqual([400, MESSAGES.unsubscribeTokenInvalid]);
    } finally {
      await local.close();
    }
  });
});

describe('SMTP down', () => {
  it('the booking still succeeds; the dispatcher rejects so that the queue can retry', async () => {
    const down = new MailSink();
    const port = await down.start();
    await down.stop();
    const app = await createTestApp({
      seed: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_LINK_SECRET: SECRET },
    });
    try {
      const { doctor } = await approvedDoctorAccount(app, {
        name: 'Dr. Offline',
        clinic: 'Quiet Clinic',
        timeZone: 'Europe/Berlin',
        schedule: SCHEDULE,
      });
      const patient = await patientWithRecord(app, ROUTINE_RECORD);
      const res = await book(app, patient, bookingBody(patient, doctor, bookableSlots(doctor)[0]!));
      expect(res.status).toBe(201);
      const event = {
        kind: 'appointment.booked',
        appointmentId: (res.body as Appointment).id,
        audience: 'patient',
      } as const;
      await expect(app.app.get<MailDispatcher>(MAIL_DISPATCHER).dispatch(event)).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
