import request from 'supertest';
import {
  MESSAGES,
  SCHEDULE_CHECK_MAX_ROWS,
  addDays,
  availableDates,
  formatAppointmentDate,
  todayIn,
  weekdayOf,
  type DoctorRecordResponse,
  type DoctorsWithContextResponse,
  type ProviderScheduleResponse,
  type PublicDoctor,
} from '@medora/shared';
import { applicationVersion, uploadRequiredCredentials } from './application-helpers.js';
import { book, bookingBody, registeredPatient, type SeededDoctor } from './booking-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

// Weekly hours generate the slots, date exceptions are honoured by booking, and a
// doctor without hours is not offered.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const ZONE = 'America/New_York';
const APPLICATION = {
  name: 'Dr. Hours Keeper',
  phone: '5551234567',
  gender: 'Female',
  dob: '1980-01-02',
  specialty: 'Cardiology',
  qualification: 'MD',
  experience: 12,
  licenseNumber: 'LIC-HOURS',
  clinic: 'Hours Clinic',
  clinicAddress: { city: 'Boston', state: 'MA' },
};
const WEEKDAY_HOURS = {
  start: '09:00 AM',
  end: '12:00 PM',
  slotMinutes: 30,
  breaks: [{ start: '10:00 AM', end: '10:30 AM' }],
};
const HOURS = Object.fromEntries(
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => [d, WEEKDAY_HOURS]),
);

async function registered(role: 'patient' | 'doctor'): Promise<TestUser> {
  const user = await signUpUser();
  const res = await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role });
  expect(res.status).toBe(201);
  return user;
}

/** A doctor approved by an admin, with no schedule yet (what the first approved login sees). */
async function approvedWithoutHours(): Promise<{ user: TestUser; id: string }> {
  const reviewer = await registered('patient');
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [reviewer.uid]);
  const user = await registered('doctor');
  await uploadRequiredCredentials(t.http, user);
  const applied = await request(t.http)
    .post('/api/doctors')
    .set(authHeader(user))
    .send({ uid: user.uid, data: { ...APPLICATION, licenseNumber: `LIC-${user.uid.slice(0, 8)}` } });
  expect(applied.status).toBe(201);
  const record = await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(user));
  const id = (record.body as DoctorRecordResponse).data.id;
  const version = await applicationVersion(t.dataSource, id);
  const approved = await request(t.http)
    .post(`/api/admin/doctors/${id}/approve`)
    .set(authHeader(reviewer))
    .send({ version });
  expect(approved.status).toBe(200);
  return { user, id };
}

const putSchedule = (user: TestUser, body: object) =>
  request(t.http).put('/api/provider/schedule').set(authHeader(user)).send(body);

async function listedIds(patient: TestUser): Promise<{ public: string[]; context: string[] }> {
  const pub = await request(t.http).get('/api/doctors');
  const ctx = await request(t.http).get(`/api/doctors-with-context/${patient.uid}`).set(authHeader(patient));
  expect(pub.status).toBe(200);
  expect(ctx.status).toBe(200);
  return {
    public: (pub.body as PublicDoctor[]).map((d) => d.id!),
    context: (ctx.body as DoctorsWithContextResponse).doctors.map((d) => d.id),
  };
}

describe('weekly hours', () => {
  it('a doctor without hours is not offered; saving hours generates the slots and lists them', async () => {
    const { user, id } = await approvedWithoutHours();
    const patient = await registeredPatient(t);
    const before = await listedIds(patient);
    expect(before.public).not.toContain(id);
    expect(before.context).not.toContain(id);

    const empty = await request(t.http).get('/api/provider/schedule').set(authHeader(user));
    expect(empty.status).toBe(200);
    expect((empty.body as ProviderScheduleResponse).availableDays).toEqual([]);

    const saved = await putSchedule(user, { hours: HOURS, timeZone: ZONE });
    expect(saved.status).toBe(200);
    const body = saved.body as ProviderScheduleResponse;
    expect(body.availableDays).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(body.timeSlots.Monday).toEqual(['09:00 AM', '09:30 AM', '10:30 AM', '11:00 AM', '11:30 AM']);
    expect(body.hours?.Monday).toEqual(WEEKDAY_HOURS);
    expect(body.exceptions).toEqual([]);

    const after = await listedIds(patient);
    expect(after.public).toContain(id);
    expect(after.context).toContain(id);
  });

  it('refuses bad hours and exceptions with the catalogue messages', async () => {
    const { user } = await approvedWithoutHours();
    const cases: [object, string][] = [
      [{ hours: { Monday: { ...WEEKDAY_HOURS, start: '01:00 PM' } } }, MESSAGES.scheduleRangeOrder],
      [
        { hours: { Monday: { ...WEEKDAY_HOURS, breaks: [{ start: '11:30 AM', end: '01:00 PM' }] } } },
        MESSAGES.scheduleBreakOutside,
      ],
      [{ hours: { Monday: { ...WEEKDAY_HOURS, slotMinutes: 1000 } } }, MESSAGES.scheduleSlotLengthInvalid],
      [
        { hours: HOURS, exceptions: [{ kind: 'vacation', from: '2030-01-10', to: '2030-01-01' }] },
        MESSAGES.scheduleVacationOrder,
      ],
      [{ hours: HOURS, exceptions: [{ kind: 'closed', date: '2030-02-30' }] }, MESSAGES.scheduleDateInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await putSchedule(user, { ...body, timeZone: ZONE });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });

  it('refuses (400) and does not list a slot on a vacation day or a closed date; extra hours book', async () => {
    const { user, id } = await approvedWithoutHours();
    expect((await putSchedule(user, { hours: HOURS, timeZone: ZONE })).status).toBe(200);
    const patient = await registeredPatient(t);
    const schedule = (await putSchedule(user, { hours: HOURS, timeZone: ZONE }))
      .body as ProviderScheduleResponse;
    const dates = availableDates(schedule, { timeZone: ZONE }).map((d) => d.date);
    const [vacationDay, closedDay, laterDay] = [dates[0]!, dates[1]!, dates[2]!];
    // The first Saturday in the window gets extra hours.
    let saturday = addDays(todayIn(ZONE), 1);
    while (weekdayOf(saturday) !== 'Saturday') saturday = addDays(saturday, 1);
    const doctor: SeededDoctor = {
      id,
      name: APPLICATION.name,
      clinic: APPLICATION.clinic,
      specialty: APPLICATION.specialty,
      timeZone: ZONE,
      schedule,
    };
    // A booking that the closed date will leave outside the schedule.
    const kept = await book(
      t,
      patient,
      bookingBody(patient, doctor, formatAppointmentDate(laterDay, '09:00 AM')),
    );
    expect(kept.status).toBe(201);

    const exceptions = [
      { kind: 'vacation', from: vacationDay, to: vacationDay },
      { kind: 'closed', date: closedDay },
      { kind: 'closed', date: laterDay },
      { kind: 'extra', date: saturday, start: '02:00 PM', end: '03:00 PM', slotMinutes: 30 },
    ];
    const saved = await putSchedule(user, { hours: HOURS, exceptions, timeZone: ZONE });
    expect(saved.status).toBe(200);
    const savedBody = saved.body as ProviderScheduleResponse;
    expect(savedBody.exceptions).toEqual(exceptions);
    // Bookings that no longer fit stay booked and are listed.
    expect(savedBody.outsideSchedule.map((a) => a.id)).toEqual([(kept.body as { id: string }).id]);

    // Not listed: the booking page's dates (from the listed schedule) skip the closed dates.
    const ctx = await request(t.http)
      .get(`/api/doctors-with-context/${patient.uid}`)
      .set(authHeader(patient));
    const listed = (ctx.body as DoctorsWithContextResponse).doctors.find((d) => d.id === id)!;
    expect(listed.schedule.exceptions).toEqual(exceptions);
    const offered = availableDates(listed.schedule, { timeZone: ZONE }).map((d) => d.date);
    expect(offered).not.toContain(vacationDay);
    expect(offered).not.toContain(closedDay);
    expect(offered).toContain(saturday);

    // Refused by the API.
    for (const date of [vacationDay, closedDay]) {
      const res = await book(
        t,
        patient,
        bookingBody(patient, doctor, formatAppointmentDate(date, '09:30 AM')),
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(MESSAGES.appointmentSlotInvalid);
    }
    const extra = await book(
      t,
      patient,
      bookingBody(patient, doctor, formatAppointmentDate(saturday, '02:30 PM')),
    );
    expect(extra.status).toBe(201);
  });

  it('checks a bounded set of upcoming bookings against the schedule: the booking window, the soonest SCHEDULE_CHECK_MAX_ROWS', async () => {
    const { user, id } = await approvedWithoutHours();
    expect((await putSchedule(user, { hours: HOURS, timeZone: ZONE })).status).toBe(200);
    const patient = await registeredPatient(t);
    // Scheduled bookings a minute apart from 12:01 PM (never a slot of HOURS, which end at noon):
    // SCHEDULE_CHECK_MAX_ROWS + 5 of them from the day after tomorrow on, inside the booking window,
    // and one 60 days ahead, where no booking can be made (the check must not read it).
    const inserted = await t.dataSource.query<{ id: string; starts_at: Date }[]>(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, clinic, specialty, doctor_name)
       SELECT $1, $2,
              (date_trunc('day', now() AT TIME ZONE $3) + s.d * interval '1 day' + interval '12 hours'
                + s.g * interval '1 minute') AT TIME ZONE $3,
              'Scheduled', 'Hours Clinic', 'Cardiology', 'Dr. Hours Keeper'
         FROM (SELECT g, 2 AS d FROM generate_series(1, $4::int) g UNION ALL SELECT 1, 60) s
       RETURNING id, starts_at`,
      [patient.uid, id, ZONE, SCHEDULE_CHECK_MAX_ROWS + 5],
    );
    expect(inserted.length).toBe(SCHEDULE_CHECK_MAX_ROWS + 6);
    const res = await request(t.http).get('/api/provider/schedule').set(authHeader(user));
    expect(res.status).toBe(200);
    const listed = (res.body as ProviderScheduleResponse).outsideSchedule;
    const soonest = [...inserted]
      .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime())
      .slice(0, SCHEDULE_CHECK_MAX_ROWS)
      .map((r) => r.id);
    expect(listed.length).toBe(SCHEDULE_CHECK_MAX_ROWS);
    expect(listed.map((a) => a.id)).toEqual(soonest);
  });

  it('still accepts the older body of days and slots', async () => {
    const { user } = await approvedWithoutHours();
    const res = await putSchedule(user, {
      availableDays: ['Friday'],
      timeSlots: { Friday: ['10:00 AM', '9:00 am'] },
      timeZone: ZONE,
    });
    expect(res.status).toBe(200);
    expect((res.body as ProviderScheduleResponse).timeSlots).toEqual({ Friday: ['09:00 AM', '10:00 AM'] });
  });
});
