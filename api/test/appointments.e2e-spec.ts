import request from 'supertest';
import { MESSAGES, parseAppointmentDate, type Appointment, type PublicDoctor } from '@medora/shared';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';
import {
  book,
  bookableSlots,
  bookingBody,
  freeSlotTexts,
  registeredPatient,
  seededDoctor,
  withContext,
  type SeededDoctor,
} from './booking-helpers.js';

let t: TestApp;
let cardio: SeededDoctor;
let general: SeededDoctor;

beforeAll(async () => {
  t = await createTestApp();
  cardio = await seededDoctor(t, 'demo-doctor-cardiology');
  general = await seededDoctor(t, 'demo-doctor-general-medicine');
});

afterAll(async () => {
  await t?.close();
});

/** Hands out each bookable slot of a doctor once across the tests of this file. */
const used = new Set<string>();
function nextSlot(doctor: SeededDoctor): string {
  const slot = bookableSlots(doctor).find((s) => !used.has(`${doctor.id} ${s}`));
  if (!slot) throw new Error('out of slots');
  used.add(`${doctor.id} ${slot}`);
  return slot;
}

describe('POST /api/appointments', () => {
  it('answers 401 without a token', async () => {
    const res = await request(t.http).post('/api/appointments').send({});
    expect(res.status).toBe(401);
  });

  it('books a slot: 201 with the spec’s appointment, server bookedAt and the start in the clinic zone', async () => {
    const patient = await registeredPatient(t);
    const date = nextSlot(cardio);
    const before = Date.now();
    const res = await book(
      t,
      patient,
      bookingBody(patient, cardio, date, { bookedAt: '1999-01-01T00:00:00Z' }),
    );
    expect(res.status).toBe(201);
    const a = res.body as Appointment;
    expect(a).toMatchObject({
      uid: patient.uid,
      date,
      doctor: cardio.name,
      doctorId: cardio.id,
      clinic: cardio.clinic,
      specialty: 'Cardiology',
      notes: 'Checkup',
      prescriptionUrl: null,
      status: 'Scheduled',
      timeZone: 'America/New_York',
    });
    expect(new Date(a.bookedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const { date: day, time } = parseAppointmentDate(date)!;
    const wall = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(a.startsAt));
    expect(wall).toBe(day);
    expect(time).toMatch(/^\d{2}:\d{2} (AM|PM)$/);
  });

  it('uses the default note when none is given', async () => {
    const patient = await registeredPatient(t);
    const res = await book(
      t,
      patient,
      bookingBody(patient, general, nextSlot(general), { notes: undefined }),
    );
    expect(res.status).toBe(201);
    expect((res.body as Appointment).notes).toBe(MESSAGES.defaultBookingNote);
  });

  it('refuses another user’s uid with 403', async () => {
    const patient = await registeredPatient(t);
    const other = await registeredPatient(t);
    const res = await book(t, patient, bookingBody(other, cardio, nextSlot(cardio)));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.uidMismatch);
  });

  it('refuses an account without a user record with 403', async () => {
    const stranger = await signUpUser();
    const res = await book(t, stranger, bookingBody(stranger, cardio, nextSlot(cardio)));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.appointmentAccountRequired);
  });

  it.each([
    ['a missing date', { date: undefined }, MESSAGES.bookingSelectionRequired],
    ['a date in another form', { date: '12/01/2026 10:00' }, MESSAGES.appointmentDateInvalid],
    ['a malformed doctor id', { doctorId: 'nope' }, MESSAGES.appointmentDoctorInvalid],
    ['an unknown field', { admin: true }, undefined],
  ])('answers 400 for %s', async (_name, patch, message) => {
    const patient = await registeredPatient(t);
    const res = await book(t, patient, bookingBody(patient, cardio, '2030-01-01 at 09:00 AM', patch));
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
  });

  it('answers 400 for a time the doctor does not offer, today, or a date outside the window', async () => {
    const patient = await registeredPatient(t);
    const [first] = bookableSlots(cardio);
    const { date } = parseAppointmentDate(first!)!;
    for (const bad of [`${date} at 07:15 AM`, '2030-01-07 at 09:00 AM']) {
      const res = await book(t, patient, bookingBody(patient, cardio, bad));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.appointmentSlotInvalid);
    }
  });

  it('answers 404 for a doctor who is not approved', async () => {
    const patient = await registeredPatient(t);
    const [pending] = (await t.dataSource.query(
      `INSERT INTO doctors (name, specialty, clinic, schedule, verification_status, is_available)
       VALUES ('Dr. Pending', 'Cardiology', 'X', $1, 'pending', true) RETURNING id`,
      [JSON.stringify(cardio.schedule)],
    )) as { id: string }[];
    const res = await book(
      t,
      patient,
      bookingBody(patient, { ...cardio, id: pending!.id }, bookableSlots(cardio)[0]!),
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.appointmentDoctorUnavailable);
  });

  it('books the spec’s body without doctorId by doctor name and clinic', async () => {
    const patient = await registeredPatient(t);
    const res = await book(
      t,
      patient,
      bookingBody(patient, general, nextSlot(general), { doctorId: undefined }),
    );
    expect(res.status).toBe(201);
    expect((res.body as Appointment).doctorId).toBe(general.id);
  });

  it('refuses a taken slot with 409, and a cancelled booking frees it', async () => {
    const [a, b] = [await registeredPatient(t), await registeredPatient(t)];
    const date = nextSlot(cardio);
    const first = await book(t, a, bookingBody(a, cardio, date));
    expect(first.status).toBe(201);
    const second = await book(t, b, bookingBody(b, cardio, date));
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(MESSAGES.appointmentSlotTaken);
    // Cancelling is its own route; the partial unique index is what frees the slot.
    await t.dataSource.query(`UPDATE appointments SET status = 'Cancelled' WHERE id = $1`, [first.body.id]);
    expect((await book(t, b, bookingBody(b, cardio, date))).status).toBe(201);
  });
});

describe('prescriptionUrl is the server’s', () => {
  it('refuses a patient-supplied prescriptionUrl with 400 and books nothing', async () => {
    const patient = await registeredPatient(t);
    const date = nextSlot(cardio);
    for (const url of ['javascript:alert(1)', 'https://evil.example/rx.pdf']) {
      const res = await book(t, patient, bookingBody(patient, cardio, date, { prescriptionUrl: url }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ prescriptionUrl: MESSAGES.serverSetField });
    }
    const [row] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM appointments WHERE patient_uid = $1`,
      [patient.uid],
    );
    expect(row!.n).toBe(0);
  });

  it('accepts the spec’s empty prescriptionUrl (null, empty or absent) and stores none', async () => {
    const patient = await registeredPatient(t);
    for (const extra of [
      { prescriptionUrl: null },
      { prescriptionUrl: '' },
      { prescriptionUrl: undefined },
    ]) {
      const res = await book(t, patient, bookingBody(patient, general, nextSlot(general), extra));
      expect(res.status).toBe(201);
      expect(res.body.prescriptionUrl).toBeNull();
    }
  });

  it('cannot store a client URL in the column, even by SQL (CHECK constraint)', async () => {
    const patient = await registeredPatient(t);
    const res = await book(t, patient, bookingBody(patient, general, nextSlot(general)));
    await expect(
      t.dataSource.query(`UPDATE appointments SET prescription_url = 'javascript:alert(1)' WHERE id = $1`, [
        res.body.id,
      ]),
    ).rejects.toThrow(/ck_appointments_prescription_url_server/);
  });
});

describe('Idempotency-Key', () => {
  it('replays the same booking for the same key and body, and answers 422 for another body', async () => {
    const patient = await registeredPatient(t);
    const body = bookingBody(patient, general, nextSlot(general));
    const key = `key-${patient.uid}`;
    const first = await book(t, patient, body, key);
    expect(first.status).toBe(201);
    // A retry may carry a fresh bookedAt: the server ignores it, so it is still the same booking.
    const replay = await book(t, patient, { ...body, bookedAt: new Date().toISOString() }, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const other = await book(t, patient, { ...body, notes: 'Something else' }, key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(MESSAGES.idempotencyKeyReused);
    const [{ count }] = (await t.dataSource.query(
      `SELECT count(*)::int AS count FROM appointments WHERE patient_uid = $1`,
      [patient.uid],
    )) as { count: number }[];
    expect(count).toBe(1);
  });

  it('gives concurrent replays of one key one appointment', async () => {
    const patient = await registeredPatient(t);
    const body = bookingBody(patient, general, nextSlot(general));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => book(t, patient, body, `same-${patient.uid}`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => (r.body as Appointment).id)).size).toBe(1);
  });

  it('refuses a malformed key with 400', async () => {
    const patient = await registeredPatient(t);
    const res = await book(t, patient, bookingBody(patient, general, nextSlot(general)), 'x');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.idempotencyKeyInvalid);
  });
});

describe('booking throttle', () => {
  it('answers 429 past 5 bookings in an hour, with a message', async () => {
    const patient = await registeredPatient(t);
    for (let i = 0; i < 5; i++) {
      expect((await book(t, patient, bookingBody(patient, general, nextSlot(general)))).status).toBe(201);
    }
    const res = await book(t, patient, bookingBody(patient, general, nextSlot(general)));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('You have booked 5 appointments in the last hour. Please try again later.');
  });

  it('answers 429 past 10 upcoming appointments', async () => {
    const patient = await registeredPatient(t);
    // Ten upcoming bookings made earlier than the last hour.
    for (let i = 0; i < 10; i++) {
      const res = await book(t, patient, bookingBody(patient, cardio, nextSlot(cardio)));
      expect(res.status).toBe(201);
      await t.dataSource.query(`UPDATE appointments SET booked_at = now() - interval '1 day' WHERE id = $1`, [
        res.body.id,
      ]);
    }
    const res = await book(t, patient, bookingBody(patient, cardio, nextSlot(cardio)));
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/10 upcoming appointments/);
  });
});

describe('GET /api/appointments', () => {
  it('lists the owner’s appointments; another patient gets 403, an admin gets them after stating a reason', async () => {
    const patient = await registeredPatient(t);
    const booked = await book(t, patient, bookingBody(patient, general, nextSlot(general)));
    const own = await request(t.http)
      .get('/api/appointments')
      .query({ uid: patient.uid })
      .set(authHeader(patient));
    expect(own.status).toBe(200);
    expect(own.body).toEqual([booked.body]);

    const other = await registeredPatient(t);
    const res = await request(t.http)
      .get('/api/appointments')
      .query({ uid: patient.uid })
      .set(authHeader(other));
    expect(res.status).toBe(403);

    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [other.uid]);
    const list = () =>
      request(t.http).get('/api/appointments').query({ uid: patient.uid }).set(authHeader(other));
    const withoutReason = await list();
    expect([withoutReason.status, withoutReason.body.message]).toEqual([403, MESSAGES.accessReasonRequired]);
    const reason = await request(t.http)
      .post(`/api/patients/${patient.uid}/access-reason`)
      .set(authHeader(other))
      .send({ reason: 'Patient asked about a booking' });
    expect(reason.status).toBe(201);
    expect((await list()).status).toBe(200);
  });

  it('answers 401 without a token and 400 without a uid', async () => {
    expect((await request(t.http).get('/api/appointments').query({ uid: 'x' })).status).toBe(401);
    const patient = await registeredPatient(t);
    expect((await request(t.http).get('/api/appointments').set(authHeader(patient))).status).toBe(400);
  });
});

describe('GET /api/appointments/:id', () => {
  let patient: TestUser;
  let appointment: Appointment;

  beforeAll(async () => {
    patient = await registeredPatient(t);
    appointment = (await book(t, patient, bookingBody(patient, cardio, nextSlot(cardio))))
      .body as Appointment;
  });

  const get = (user: TestUser, id = appointment.id) =>
    request(t.http).get(`/api/appointments/${id}`).set(authHeader(user));

  it('gives the patient their appointment', async () => {
    const res = await get(patient);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(appointment);
  });

  it('refuses another patient (403), and answers 404 and 400 for unknown and malformed ids', async () => {
    const other = await registeredPatient(t);
    expect((await get(other)).status).toBe(403);
    expect((await get(other, '7b0e6d8e-3c1f-4c53-9a52-2f1f1a7f0c11')).status).toBe(404);
    expect((await get(other, 'abc')).status).toBe(400);
  });

  it('gives the appointment’s doctor access, and the doctorOfPatient rule through the policy', async () => {
    const doctorUser = await signUpUser();
    await request(t.http)
      .post('/api/users')
      .set(authHeader(doctorUser))
      .send({ uid: doctorUser.uid, role: 'doctor' });
    await t.dataSource.query(
      `UPDATE doctors SET user_id = (SELECT id FROM users WHERE firebase_uid = $1) WHERE id = $2`,
      [doctorUser.uid, cardio.id],
    );
    try {
      expect((await get(doctorUser)).status).toBe(200);
      const { AccessPolicy } = await import('../src/auth/access-policy.js');
      const { AccessRepository } = await import('../src/auth/access.repository.js');
      const policy = new AccessPolicy(new AccessRepository(t.dataSource));
      const caller = {
        uid: doctorUser.uid,
        email: null,
        emailVerified: true,
        role: 'doctor' as const,
        registered: true,
      };
      expect(await policy.canAccess(caller, patient.uid, { allow: ['doctorOfPatient'], careDays: 30 })).toBe(
        true,
      );
      const stranger = await registeredPatient(t);
      expect(await policy.canAccess(caller, stranger.uid, { allow: ['doctorOfPatient'], careDays: 30 })).toBe(
        false,
      );
    } finally {
      await t.dataSource.query(`UPDATE doctors SET user_id = NULL WHERE id = $1`, [cardio.id]);
    }
  });
});

describe('GET /api/doctors-with-context/:uid', () => {
  it('answers 401 without a token and 403 for another patient', async () => {
    const patient = await registeredPatient(t);
    const other = await registeredPatient(t);
    expect((await request(t.http).get(`/api/doctors-with-context/${patient.uid}`)).status).toBe(401);
    const res = await request(t.http).get(`/api/doctors-with-context/${patient.uid}`).set(authHeader(other));
    expect(res.status).toBe(403);
  });

  it('lists bookable doctors with visits, last doctor, totals, and a taken slot no longer free', async () => {
    const patient = await registeredPatient(t);
    const empty = await withContext(t, patient);
    expect(empty.totalAppointments).toBe(0);
    expect(empty.lastDoctorName).toBeNull();
    expect(empty.doctors.every((d) => d.visitCount === 0 && d.lastVisitDate === null)).toBe(true);
    expect(empty.doctors.map((d) => d.specialty)).toEqual(
      expect.arrayContaining(['Cardiology', 'Pediatrics']),
    );
    expect(empty.doctors.some((d) => d.name === 'Dr. Pending')).toBe(false);

    const date = nextSlot(general);
    await book(t, patient, bookingBody(patient, general, date));
    const after = await withContext(t, patient);
    expect(after.totalAppointments).toBe(1);
    expect(after.lastDoctorName).toBe(general.name);
    const listed = after.doctors.find((d) => d.id === general.id)!;
    expect(listed.visitCount).toBe(1);
    // A booking still ahead is not a "last visit"; a visit that took place is.
    expect(listed.lastVisitDate).toBeNull();
    await t.dataSource.query(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
       VALUES ($1, $2, '2026-03-02T14:00:00Z', 'Past', $3, $4, $5)`,
      [patient.uid, general.id, general.clinic, general.specialty, general.name],
    );
    const withPast = (await withContext(t, patient)).doctors.find((d) => d.id === general.id)!;
    expect(withPast).toMatchObject({ visitCount: 2, lastVisitDate: '2026-03-02 at 09:00 AM' });
    // The booked slot is no longer among the doctor's free slots, for anyone.
    expect(bookableSlots(general)).toContain(date);
    expect(await freeSlotTexts(t, patient, general)).not.toContain(date);
    const other = await registeredPatient(t);
    expect(await freeSlotTexts(t, other, general)).not.toContain(date);
    const seen = (await withContext(t, other)).doctors.find((d) => d.id === general.id)!;
    expect(seen.visitCount).toBe(0);
  });
});

describe('GET /api/doctors', () => {
  it('is public and shows public fields only', async () => {
    const res = await request(t.http).get('/api/doctors');
    expect(res.status).toBe(200);
    const doctors = res.body as PublicDoctor[];
    expect(doctors.length).toBeGreaterThan(0);
    for (const d of doctors) {
      expect(Object.keys(d).sort()).toEqual(['clinic', 'id', 'name', 'schedule', 'specialty', 'timeZone']);
    }
  });
});

describe('notifications from appointments', () => {
  it('adds an appointment notification for a recent booking', async () => {
    const patient = await registeredPatient(t);
    const booked = await book(t, patient, bookingBody(patient, cardio, nextSlot(cardio)));
    const res = await request(t.http).get('/api/notifications').set(authHeader(patient));
    const ids = (res.body as { items: { id: string }[] }).items.map((n) => n.id);
    expect(ids).toContain(`appointment:${booked.body.id}`);
  });

  it('adds a reminder for an appointment starting within 48 hours', async () => {
    const patient = await registeredPatient(t);
    const booked = await book(t, patient, bookingBody(patient, cardio, nextSlot(cardio)));
    await t.dataSource.query(`UPDATE appointments SET starts_at = now() + interval '5 hours' WHERE id = $1`, [
      booked.body.id,
    ]);
    const res = await request(t.http).get('/api/notifications').set(authHeader(patient));
    const ids = (res.body as { items: { id: string }[] }).items.map((n) => n.id);
    expect(ids).toContain(`reminder:${booked.body.id}`);
  });
});
