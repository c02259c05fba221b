import { Injectable, Logger } from '@nestjs/common';
import {
  bookableDates,
  createDoctorSchema,
  REQUIRED_CREDENTIAL_TYPES,
  clinicTimeZone,
  DEFAULT_CLINIC_TIME_ZONE,
  formatAppointmentDate,
  isOpenStatus,
  providerScheduleSchema,
  savePatientSchema,
  slotStart,
  slotsFor,
  todayIn,
  WEEKDAY_NAMES,
  type DoctorSchedule,
  type Role,
} from '@medora/shared';
import { AdminService } from '../admin/admin.service.js';
import { AppointmentsRepository } from '../appointments/appointments.repository.js';
import { AppointmentsService } from '../appointments/appointments.service.js';
import { PrescriptionsService } from '../appointments/prescriptions.service.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { uploadOfBuffer } from '../common/multipart.js';
import { isActiveAppointment } from '../appointments/appointment-sql.rules.js';
import { DoctorApplicationsService } from '../doctors/doctor-applications.service.js';
import { DoctorsRepository } from '../doctors/doctors.repository.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { DocumentsService } from '../documents/documents.service.js';
import { PatientsRepository } from '../patients/patients.repository.js';
import { PatientsService } from '../patients/patients.service.js';
import { ProviderService } from '../provider/provider.service.js';
import { DEMO_ACCOUNTS, DemoAccountsService, demoDoctorSeedKey } from './demo-accounts.service.js';
import { DemoWorldRepository } from './demo-world.repository.js';

const CLINICIANS = ['doctor', 'provider'] as const;
type Clinician = (typeof CLINICIANS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every day 8 AM – 8 PM in 30-minute slots, so a demo run at any hour has a visit today and slots soon. */
const DEMO_HOURS = providerScheduleSchema.parse({
  hours: Object.fromEntries(
    WEEKDAY_NAMES.map((day) => [day, { start: '08:00 AM', end: '08:00 PM', slotMinutes: 30 }]),
  ),
  exceptions: [],
  timeZone: DEFAULT_CLINIC_TIME_ZONE,
});

/**
 * The demo patient's intake, every question answered: a first visit for a dull central ache going to
 * the jaw on exertion today, with nausea and sweating, in a woman of 67 with high blood pressure, which
 * the clinical summary flags as suspected acute coronary syndrome (NICE CG95), so the doctor's card
 * shows a red flag.
 */
export const DEMO_INTAKE = savePatientSchema.parse({
  uid: DEMO_ACCOUNTS.patient.uid,
  data: {
    name: 'Dana Whitfield',
    gender: 'Female',
    dob: '1959-04-12',
    // Weight in kilograms (the intake asks for kg): a BMI of about 24.
    heightWeight: { heightFeet: 5, heightInches: 6, weight: 68 },
    visitType: 'New Appointment',
    allergyList: ['Penicillin'],
    chronicConditions: ['Hypertension'],
    hypertensionDuration: '5-10 years',
    hypertensionLastTest: '3-6 months ago',
    hypertensionMeds: ['Calcium channel blocker (e.g. amlodipine)'],
    medications: 'Amlodipine 5 mg once daily',
    medicationClasses: ['Blood pressure medicines'],
    riskMedicines: ['None of these'],
    pastSurgeries: 'No',
    smokingStatus: 'Former',
    smokingDuration: '10-20 years',
    smokingAverage: '5-10 cigarettes a day',
    alcoholUse: 'Social',
    hasChildren: 'Yes',
    childrenCount: 2,
    travelAbroad: 'No',
    symptoms: ['Chest Pain'],
    chestPainLevel: 'Moderate (4-6 out of 10)',
    chestPainDuration: 'Less than 24 hours',
    chestPainType: 'Dull ache',
    chestPainLocation: ['Center of the chest', 'Spreads to the jaw or neck'],
    chestPainTriggers: ['Physical exertion'],
    chestPainAssociated: ['Nausea or vomiting', 'Sweating'],
  },
});

/** The demo patient's document (its name is its natural key) and the past visit's prescription. */
export const DEMO_DOCUMENT = { name: 'blood-test-results.pdf', type: 'Medical Report' };
const DEMO_PRESCRIPTION = 'prescription.pdf';
const DEMO_VISIT_NOTE = 'Chest pain on exertion';
/** The past visit: this many days ago, at the first slot of that day still free. */
const PAST_VISIT_DAYS_AGO = 7;
/**
 * How long before its start a recorded visit was booked: in the past, so these visits do not count
 * against the demo patient's hourly booking limit, which only bookings of the last hour fill.
 */
const RECORDED_VISIT_BOOKED_DAYS_BEFORE = 3;

/** A one-page PDF showing `text`: small, but a valid file any viewer opens. */
export function demoPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** What the admin's desk shows beside the approved demo clinicians: one application in each other state. */
const APPLICATION_STATES = ['pending', 'approved', 'rejected', 'suspended'] as const;
type ApplicationState = (typeof APPLICATION_STATES)[number];

/** The demo applicants: their accounts (uids outside the `demo-` sign-in accounts) and applications. */
export const DEMO_APPLICANTS: Record<
  ApplicationState,
  { uid: string; email: string; displayName: string; specialty: string; reason?: string }
> = {
  pending: {
    uid: 'applicant-demo-pending',
    email: 'pending.applicant@demo.medora.test',
    displayName: 'Dr. Priya Raman',
    specialty: 'Cardiology',
  },
  approved: {
    uid: 'applicant-demo-approved',
    email: 'approved.applicant@demo.medora.test',
    displayName: 'Dr. Samuel Okafor',
    specialty: 'Pediatrics',
  },
  rejected: {
    uid: 'applicant-demo-rejected',
    email: 'rejected.applicant@demo.medora.test',
    displayName: 'Dr. Lena Vogel',
    specialty: 'Dermatology',
    reason: 'The licence document is illegible; please upload a clear scan.',
  },
  suspended: {
    uid: 'applicant-demo-suspended',
    email: 'suspended.applicant@demo.medora.test',
    displayName: 'Dr. Marco Bellini',
    specialty: 'Neurology',
    reason: 'Licence under review by the medical board.',
  },
};

function applicationOf(applicant: (typeof DEMO_APPLICANTS)[ApplicationState], n: number) {
  return createDoctorSchema.parse({
    uid: applicant.uid,
    data: {
      name: applicant.displayName,
      phone: `+1 555 010 ${String(1000 + n)}`,
      gender: 'Other',
      dob: '1980-06-15',
      specialty: applicant.specialty,
      qualification: 'MD',
      experience: 8 + n,
      licenseNumber: `DEMO-${String(40000 + n)}`,
      clinic: 'Medora Demo Clinic',
      clinicAddress: { street: '1 Demo Street', city: 'Springfield', state: 'IL', zipCode: '62701' },
    },
  });
}

const callerOf = (role: Role): Caller => ({
  uid: DEMO_ACCOUNTS[role].uid,
  email: DEMO_ACCOUNTS[role].email,
  emailVerified: true,
  role,
  registered: true,
});

/**
 * The local demo world, so every demo dashboard shows the product: the demo doctor and provider get
 * weekly hours; the demo patient a completed intake with a red flag, a document, and with each
 * clinician an upcoming visit (booked under the booking rules), one today and a past Completed one
 * with a prescription (recorded through the repository, as booking refuses today and the past).
 * Written through the product's services, so their checks and audit rows apply. Local mode only
 * (DevModule), filled in on demand by `POST /api/dev/demo-session`, and idempotent: each piece is
 * looked up by its natural key first and added only when missing.
 */
@Injectable()
export class DemoDataService {
  private readonly logger = new Logger('DemoData');
  /** One run at a time in this process: two demo sign-ins at once must not both add the world. */
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly world: DemoWorldRepository,
    private readonly accounts: DemoAccountsService,
    private readonly doctors: DoctorsRepository,
    private readonly provider: ProviderService,
    private readonly patients: PatientsService,
    private readonly patientRecords: PatientsRepository,
    private readonly documents: DocumentsService,
    private readonly documentRows: DocumentsRepository,
    private readonly appointments: AppointmentsService,
    private readonly prescriptions: PrescriptionsService,
    private readonly appointmentRows: AppointmentsRepository,
    private readonly applications: DoctorApplicationsService,
    private readonly admin: AdminService,
  ) {}

  ensure(now = new Date()): Promise<void> {
    const run = this.running.then(() => this.world.withLock(() => this.fill(now)));
    this.running = run.catch(() => undefined);
    return run;
  }

  private async fill(now: Date): Promise<void> {
    for (const role of ['patient', ...CLINICIANS] as const) await this.accounts.ensure(role);
    const patient = callerOf('patient');
    for (const role of CLINICIANS) {
      const clinician = callerOf(role);
      const schedule = await this.provider.schedule(clinician);
      if (schedule.availableDays.length === 0) await this.provider.updateSchedule(clinician, DEMO_HOURS);
      await this.doctors.makeDemoDoctorAvailable(demoDoctorSeedKey(role));
    }
    if (!(await this.patientRecords.findRecord(patient.uid))) await this.patients.save(patient, DEMO_INTAKE);
    const documents = await this.documentRows.listOfPatient(patient.uid);
    if (!documents.some((d) => d.name === DEMO_DOCUMENT.name)) {
      const file = uploadOfBuffer(DEMO_DOCUMENT.name, demoPdf('Blood test results: cholesterol 6.8 mmol/L'));
      await this.documents.upload(patient.uid, file, DEMO_DOCUMENT.type);
    }
    for (const role of CLINICIANS) await this.ensureVisits(patient, role, now);
    await this.accounts.ensure('admin');
    for (const [n, state] of APPLICATION_STATES.entries()) await this.ensureApplication(state, n);
    this.logger.log('Demo world ready: hours, an intake with a red flag, a document and visits');
  }

  /**
   * One demo applicant's application in `state`: submitted with its three documents, then decided (and
   * suspended) by the demo admin through the admin's own rules. Each step runs only when the record is
   * not there yet, so a record an admin has since changed by hand is left as it is.
   */
  private async ensureApplication(state: ApplicationState, n: number): Promise<void> {
    const applicant = DEMO_APPLICANTS[state];
    await this.accounts.ensureApplicant(applicant);
    const caller: Caller = { ...callerOf('doctor'), uid: applicant.uid, email: applicant.email };
    let record = await this.doctors.findByUid(applicant.uid);
    if (!record?.onboardingCompleted) {
      for (const type of REQUIRED_CREDENTIAL_TYPES) {
        const name = `${type}.pdf`;
        const file = uploadOfBuffer(name, demoPdf(`${applicant.displayName}: ${type}`));
        await this.applications.addCredential(caller, applicant.uid, { type, documentName: name }, file);
      }
      await this.applications.submit(caller, applicationOf(applicant, n));
      record = await this.doctors.findByUid(applicant.uid);
      if (!record || state === 'pending') return;
      const admin = callerOf('admin');
      const decided =
        state === 'rejected'
          ? await this.admin.decide(admin, record.id, record.version, {
              approve: false,
              reason: applicant.reason!,
            })
          : await this.admin.decide(admin, record.id, record.version, { approve: true });
      if (state === 'suspended')
        await this.admin.suspend(admin, record.id, decided.version, applicant.reason!);
    }
  }

  /** With `role`'s demo clinician: an upcoming visit, one today and a past one with a prescription. */
  private async ensureVisits(patient: Caller, role: Clinician, now: Date): Promise<void> {
    const clinician = callerOf(role);
    const own = await this.doctors.findApprovedByUid(clinician.uid);
    const doctor = own && (await this.appointmentRows.findBookableDoctor(patient.uid, { doctorId: own.id }));
    if (!doctor) throw new Error(`The ${role} demo account has no bookable doctor record`);
    const schedule = await this.provider.schedule(clinician);
    const timeZone = clinicTimeZone(schedule.timeZone);
    const today = todayIn(timeZone, now);
    const visits = await this.appointmentRows.ofPatientWithDoctor(patient.uid, doctor.id);
    const dateOf = (v: { startsAt: Date }) => todayIn(timeZone, new Date(v.startsAt));

    if (!visits.some((v) => isOpenStatus(v.status) && dateOf(v) > today)) {
      await this.bookUpcoming(patient, doctor.id, doctor.name, schedule, timeZone, now);
    }
    const record = async (date: string, times: string[], bookedAt: (start: Date) => Date) => {
      for (const time of times) {
        const start = slotStart(date, time, timeZone);
        try {
          return await this.appointmentRows.withPatientLock(patient.uid, (m) =>
            this.appointmentRows.insert(
              m,
              [
                patient.uid,
                doctor.id,
                start,
                DEMO_VISIT_NOTE,
                doctor.clinic,
                doctor.specialty,
                doctor.name,
                null,
                null,
              ],
              bookedAt(start),
            ),
          );
        } catch (error) {
          // The slot is held (someone booked it: a unique violation): the next one.
          if ((error as { driverError?: { code?: string } }).driverError?.code !== '23505') throw error;
        }
      }
      return null;
    };
    if (!visits.some((v) => isActiveAppointment(v.status) && dateOf(v) === today)) {
      // The next slot still ahead today, else the last one (already begun: the doctor can close it).
      const slots = slotsFor(schedule, today);
      const ahead = slots.filter((t) => slotStart(today, t, timeZone) > now);
      const begun = slots.filter((t) => slotStart(today, t, timeZone) <= now).reverse();
      await record(
        today,
        [...ahead, ...begun],
        (start) => new Date(Math.min(+start, +now) - RECORDED_VISIT_BOOKED_DAYS_BEFORE * DAY_MS),
      );
    }
    if (!visits.some((v) => v.status === 'Completed' && v.hasPrescription)) {
      const date = todayIn(timeZone, new Date(+now - PAST_VISIT_DAYS_AGO * DAY_MS));
      const id = await record(
        date,
        slotsFor(schedule, date),
        (start) => new Date(+start - RECORDED_VISIT_BOOKED_DAYS_BEFORE * DAY_MS),
      );
      if (id) {
        await this.appointmentRows.closeVisit(id, doctor.id, 'Completed');
        const file = uploadOfBuffer(
          DEMO_PRESCRIPTION,
          demoPdf('Aspirin 75 mg once daily; GTN spray as needed'),
        );
        await this.prescriptions.attach(clinician, id, file);
      }
    }
  }

  /** Books the first free slot from tomorrow on, through the booking rules as the patient would. */
  private async bookUpcoming(
    patient: Caller,
    doctorId: string,
    doctorName: string,
    schedule: DoctorSchedule,
    timeZone: string,
    now: Date,
  ): Promise<void> {
    for (const date of bookableDates(schedule, { timeZone, now })) {
      for (const time of slotsFor(schedule, date)) {
        try {
          const slot = formatAppointmentDate(date, time);
          const input = {
            uid: patient.uid,
            doctorId,
            doctor: doctorName,
            date: slot,
            notes: DEMO_VISIT_NOTE,
          };
          await this.appointments.create(patient, input, undefined, now);
          return;
        } catch (error) {
          // A slot already taken (409): the next one. Anything else is a real failure.
          if (error instanceof ApiException && error.getStatus() === 409) continue;
          throw error;
        }
      }
    }
  }
}
