import request from 'supertest';
import type { DoctorRecordResponse, NotificationsResponse } from '@medora/shared';
import { ROUTINE_RECORD } from '../../../src/summary/summary.fixtures.js';
import { bookableSlots, bookingBody, type SeededDoctor } from '../../booking-helpers.js';
import { PDF, uploadCredential, uploadRequiredCredentials } from '../../application-helpers.js';
import { authHeader, signUpUser, type TestApp, type TestUser } from '../../helpers.js';

/**
 * The callers of the authorization matrix. `patient` owns the patient objects; `bookedDoctor` is the
 * doctor that patient booked (and who wrote the prescription); `unbookedDoctor` is another approved
 * doctor, with no booking the patient holds now (one visit, closed before the care window);
 * `applicant` is a doctor whose application (with a credential file) is pending — the owner
 * of the doctor-application objects.
 */
export const ACTORS = [
  'anonymous',
  'patient',
  'otherPatient',
  'bookedDoctor',
  'unbookedDoctor',
  'applicant',
  'admin',
] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'anonymous'>;

/**
 * What a path parameter can name: a caller's uid, a shared object, or a fresh object made for one
 * call (for calls that delete, cancel or change what they reach).
 */
export type Subject =
  | 'patient'
  | 'applicant'
  | 'appointment'
  | 'document'
  | 'credential'
  | 'application'
  | 'freshAppointment'
  | 'freshDocument'
  // Visits that have started (Scheduled) and that were just closed (Completed)
  | 'freshStartedAppointment'
  | 'freshClosedAppointment'
  // The patient's visit (their intake submission)
  | 'visit'
  // a red-flag rule id (the world's visit raises none: an allowed caller gets 404)
  | 'flag'
  // An approved doctor's own record (their profile)
  | 'unbookedDoctor'
  // The booked doctor's record (the admin desk reads their upcoming appointments)
  | 'bookedDoctorRecord'
  // A new open change request of the unbooked doctor (version 1), one per call
  | 'freshChangeRequest'
  // A new medicine on the patient's list (version 1, added by their doctor: unconfirmed), one per call
  | 'freshMedication'
  // The first intake suggestion of the patient's list (dismissals are undone by the route's restore)
  | 'proposal'
  // An item of a record the patient imported from another system (pending), one per call
  | 'freshImportedItem';

export { PDF };

export const APPLICATION = {
  name: 'Dr. Matrix',
  phone: '5551234567',
  gender: 'Female',
  dob: '1980-01-02',
  specialty: 'Cardiology',
  subSpecialties: 'Echocardiography',
  qualification: 'MD',
  experience: 12,
  licenseNumber: 'LIC-123',
  clinic: 'Matrix Clinic',
  clinicAddress: { city: 'Boston', state: 'MA' },
};

export const SCHEDULE = {
  availableDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  timeSlots: Object.fromEntries(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [
      day,
      ['09:00 AM', '10:00 AM', '11:00 AM', '02:00 PM', '03:00 PM'],
    ]),
  ),
  timeZone: 'America/New_York',
};

/** Real objects for every id the API takes, made through the API except where noted. */
export class World {
  readonly users = {} as Record<SignedInActor, TestUser>;
  appointmentId = '';
  documentId = '';
  credentialId = '';
  applicationId = '';
  /** The applicant's application version, pinned by set-up and restoreApplication. */
  readonly applicationVersion = 1;
  /** One of the patient's own notifications (their booking). */
  notificationId = '';
  bookedDoctor!: SeededDoctor;
  private slots: string[] = [];
  private freshCount = 0;

  constructor(readonly t: TestApp) {}

  static async build(t: TestApp): Promise<World> {
    const w = new World(t);
    const u = w.users;
    u.admin = await w.registered('patient');
    // Nobody becomes admin through the API (npm run admin:create writes the role in the database).
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [u.admin.uid]);
    u.patient = await w.registered('patient');
    u.otherPatient = await w.registered('patient');
    for (const p of [u.patient, u.otherPatient]) {
      w.ok(await w.as(p).post('/api/patients').send({ uid: p.uid, data: ROUTINE_RECORD }), 201);
    }
    const doc = await w
      .as(u.patient)
      .post(`/api/patients/${u.patient.uid}/documents`)
      .field('type', 'Medical Report')
      .attach('file', PDF, { filename: 'report.pdf', contentType: 'application/pdf' });
    w.documentId = (w.ok(doc, 201) as { id: string }).id;

    u.bookedDoctor = await w.registered('doctor');
    u.unbookedDoctor = await w.registered('doctor');
    for (const d of [u.bookedDoctor, u.unbookedDoctor]) await w.approvedDoctor(d);
    w.bookedDoctor = {
      id: await w.doctorId(u.bookedDoctor),
      name: APPLICATION.name,
      clinic: APPLICATION.clinic,
      specialty: APPLICATION.specialty,
      timeZone: SCHEDULE.timeZone,
      schedule: { availableDays: SCHEDULE.availableDays, timeSlots: SCHEDULE.timeSlots },
    };
    w.slots = bookableSlots(w.bookedDoctor);

    u.applicant = await w.registered('doctor');
    const credential = await w
      .as(u.applicant)
      .post(`/api/doctors/${u.applicant.uid}/credentials`)
      .field('type', 'license')
      .field('documentName', 'license.pdf')
      .attach('file', PDF, { filename: 'license.pdf', contentType: 'application/pdf' });
    w.credentialId = (w.ok(credential, 201) as { id: string }).id;
    // The degree and identity proof too: POST /api/doctors needs all three.
    for (const type of ['degree', 'identity'] as const) await uploadCredential(t.http, u.applicant, type);
    w.ok(await w.as(u.applicant).post('/api/doctors').send({ uid: u.applicant.uid, data: APPLICATION }), 201);
    w.applicationId = await w.doctorId(u.applicant);
    await w.restoreApplication();

    const booked = await w
      .as(u.patient)
      .post('/api/appointments')
      .send(bookingBody(u.patient, w.bookedDoctor, w.nextSlot()));
    w.appointmentId = (w.ok(booked, 201) as { id: string }).id;
    const rx = await w
      .as(u.bookedDoctor)
      .post(`/api/provider/appointments/${w.appointmentId}/prescription`)
      .attach('file', PDF, { filename: 'rx.pdf', contentType: 'application/pdf' });
    w.ok(rx, 201);
    // The other doctor saw the patient once, longer ago than the care window (CARE_ACCESS_DAYS, 30 by
    // default): a relationship that has lapsed must reach exactly what no relationship reaches.
    await t.dataSource.query(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, closed_at, notes, clinic, specialty,
                                 doctor_name)
       SELECT $1, d.id, now() - interval '40 days', 'Completed', now() - interval '40 days', 'Lapsed', d.clinic,
              d.specialty, d.name
         FROM doctors d JOIN users u ON u.id = d.user_id WHERE u.firebase_uid = $2`,
      [u.patient.uid, u.unbookedDoctor.uid],
    );
    const notifications = w.ok(await w.as(u.patient).get('/api/notifications'), 200) as NotificationsResponse;
    const mine = notifications.items.find((n) => n.id.includes(w.appointmentId));
    if (!mine) throw new Error('The patient has no notification of their booking');
    w.notificationId = mine.id;
    return w;
  }

  /** A request as `actor` (no Authorization header for 'anonymous'). */
  as(actor: TestUser | null) {
    const agent = request(this.t.http);
    const wrap =
      (method: 'get' | 'post' | 'put' | 'patch' | 'delete') =>
      (path: string): request.Test => {
        const req = agent[method](path);
        return actor ? req.set(authHeader(actor)) : req;
      };
    return {
      get: wrap('get'),
      post: wrap('post'),
      put: wrap('put'),
      patch: wrap('patch'),
      delete: wrap('delete'),
    };
  }

  user(actor: Actor): TestUser | null {
    return actor === 'anonymous' ? null : this.users[actor];
  }

  /** A bookable slot of the booked doctor nobody has used yet in this run. */
  nextSlot(): string {
    const slot = this.slots.shift();
    if (!slot) throw new Error('The booked doctor has no free slot left');
    return slot;
  }

  /** The id or uid a path parameter names; fresh objects are made here, one per call. */
  async resolve(subject: Subject): Promise<string> {
    switch (subject) {
      case 'patient':
        return this.users.patient.uid;
      case 'applicant':
        return this.users.applicant.uid;
      case 'appointment':
        return this.appointmentId;
      case 'document':
        return this.documentId;
      case 'credential':
        return this.credentialId;
      case 'application':
        return this.applicationId;
      case 'bookedDoctorRecord':
        return this.bookedDoctor.id;
      case 'freshAppointment':
        return this.freshAppointment();
      case 'freshDocument':
        return this.freshDocument();
      case 'freshStartedAppointment':
        return this.freshPastAppointment('Scheduled');
      case 'freshClosedAppointment':
        return this.freshPastAppointment('Completed');
      case 'unbookedDoctor':
        return this.users.unbookedDoctor.uid;
      case 'freshChangeRequest':
        return this.freshChangeRequest();
      case 'freshImportedItem': {
        const [row] = await this.t.dataSource.query<{ id: string }[]>(
          `INSERT INTO imported_record_items (patient_uid, kind, text, resource)
           VALUES ($1, 'condition', 'Asthma', '{"resourceType":"Condition","code":{"text":"Asthma"}}')
           RETURNING id`,
          [this.users.patient.uid],
        );
        return row!.id;
      }
      case 'flag':
        return 'acs';
      case 'freshMedication':
        return this.freshMedication();
      case 'proposal':
        return `intake:${await this.resolve('visit')}:0`;
      case 'visit': {
        const [row] = await this.t.dataSource.query<{ id: string }[]>(
          'SELECT id FROM patient_visits WHERE firebase_uid = $1 ORDER BY visited_at DESC LIMIT 1',
          [this.users.patient.uid],
        );
        return row!.id;
      }
    }
  }

  /**
   * A new open licence change request of the unbooked doctor (version 1), written straight to the
   * database as the profile edit stores it; the one open before it is withdrawn.
   */
  async freshChangeRequest(): Promise<string> {
    const doctorId = await this.doctorId(this.users.unbookedDoctor);
    await this.t.dataSource.query(
      `DELETE FROM doctor_change_requests WHERE doctor_id = $1 AND status = 'pending'`,
      [doctorId],
    );
    const [row] = await this.t.dataSource.query<{ id: string }[]>(
      `INSERT INTO doctor_change_requests (doctor_id, changes)
       SELECT id, jsonb_build_object('licenseNumber', jsonb_build_object('from', license_number, 'to', $2::text))
         FROM doctors WHERE id = $1
       RETURNING id`,
      [doctorId, `MATRIX-${++this.freshCount}`],
    );
    return row!.id;
  }

  /**
   * Another upcoming appointment of the patient with the booked doctor, written straight to the
   * database (as booking stores it) far outside the booking window, so it never takes a bookable slot.
   */
  async freshAppointment(): Promise<string> {
    const n = ++this.freshCount;
    const d = this.bookedDoctor;
    const [row] = await this.t.dataSource.query<{ id: string }[]>(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
       VALUES ($1, $2, date_trunc('hour', now()) + interval '60 days' + $3 * interval '30 minutes',
               'Matrix', $4, $5, $6)
       RETURNING id`,
      [this.users.patient.uid, d.id, n, d.clinic, d.specialty, d.name],
    );
    return row!.id;
  }

  /**
   * A past appointment of the patient with the booked doctor, written to the database:
   * 'Scheduled' (may be closed) or 'Completed' just now (may be reopened).
   */
  async freshPastAppointment(status: 'Scheduled' | 'Completed'): Promise<string> {
    const n = ++this.freshCount;
    const d = this.bookedDoctor;
    const [row] = await this.t.dataSource.query<{ id: string }[]>(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, closed_at, notes, clinic, specialty,
                                 doctor_name)
       VALUES ($1, $2, date_trunc('hour', now()) - interval '60 days' - $3 * interval '30 minutes', $4,
               CASE WHEN $4 = 'Completed' THEN now() END, 'Matrix', $5, $6, $7)
       RETURNING id`,
      [this.users.patient.uid, d.id, n, status, d.clinic, d.specialty, d.name],
    );
    return row!.id;
  }

  /** A medicine the booked doctor added to the patient's list, written to the database (version 1). */
  async freshMedication(): Promise<string> {
    const [row] = await this.t.dataSource.query<{ id: string }[]>(
      `INSERT INTO medications (patient_uid, name, source, prescriber_uid)
       VALUES ($1, $2, 'doctor', $3) RETURNING id`,
      [this.users.patient.uid, `Matrix medicine ${++this.freshCount}`, this.users.bookedDoctor.uid],
    );
    return row!.id;
  }

  /** Takes back the patient's dismissals of intake suggestions. */
  async restoreProposals(): Promise<void> {
    await this.t.dataSource.query(`DELETE FROM medication_dismissals WHERE patient_uid = $1`, [
      this.users.patient.uid,
    ]);
  }

  /** Another (metadata-only) document of the patient, through the API. */
  async freshDocument(): Promise<string> {
    const res = await this.as(this.users.patient)
      .post(`/api/patients/${this.users.patient.uid}/documents`)
      .send({ name: `fresh-${++this.freshCount}.pdf`, type: 'Medical Report' });
    return (this.ok(res, 201) as { id: string }).id;
  }

  /** Closes the admin's break-the-glass grants, as if their time had passed. */
  async expireAccessGrants(): Promise<void> {
    await this.t.dataSource.query(
      `UPDATE access_grants SET granted_at = now() - interval '2 hours', expires_at = now() - interval '1 hour'
        WHERE admin_uid = $1`,
      [this.users.admin.uid],
    );
  }

  /** Puts the applicant's application back to pending after an admin decided it. */
  async restoreApplication(): Promise<void> {
    await this.t.dataSource.query(
      `UPDATE doctors SET verification_status = 'pending', is_available = false, credentials_verified = false,
              rejection_reason = NULL, reviewed_at = NULL, reviewed_by = NULL, version = $2
        WHERE id = $1`,
      [this.applicationId, this.applicationVersion],
    );
    await this.t.dataSource.query(
      `UPDATE credentials SET verification_status = 'pending' WHERE doctor_id = $1`,
      [this.applicationId],
    );
  }

  async registered(role: 'patient' | 'doctor'): Promise<TestUser> {
    const user = await signUpUser();
    this.ok(await this.as(user).post('/api/users').send({ uid: user.uid, role }), 201);
    return user;
  }

  /** Applies as `user`, is approved by the admin and publishes the schedule. */
  private async approvedDoctor(user: TestUser): Promise<void> {
    await uploadRequiredCredentials(this.t.http, user);
    const submitted = this.ok(
      await this.as(user).post('/api/doctors').send({ uid: user.uid, data: APPLICATION }),
      201,
    ) as DoctorRecordResponse;
    const { id, version } = submitted.data;
    this.ok(await this.as(this.users.admin).post(`/api/admin/doctors/${id}/approve`).send({ version }), 200);
    this.ok(await this.as(user).put('/api/provider/schedule').send(SCHEDULE), 200);
  }

  private async doctorId(user: TestUser): Promise<string> {
    const res = await this.as(user).get(`/api/doctors/${user.uid}`);
    return (this.ok(res, 200) as DoctorRecordResponse).data.id;
  }

  /** The body of a set-up call, which must succeed: the matrix is only as good as its objects. */
  private ok(res: request.Response, status: number): unknown {
    if (res.status !== status) {
      throw new Error(`A set-up call answered ${res.status} instead of ${status}: ${res.text}`);
    }
    return res.body;
  }
}
