import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { QueryFailedError, type EntityManager } from 'typeorm';
import {
  MESSAGES,
  clinicTimeZone,
  formatMessage,
  isBookableSlot,
  isUpcoming,
  parseAppointmentDate,
  slotStart,
  type Appointment,
  type AuditAction,
  type CreateAppointmentInput,
  type DoctorSchedule,
  type RescheduleAppointmentInput,
} from '@medora/shared';
import { AuditService, type AuditTarget } from '../audit/audit.service.js';
import { AccessPolicy } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CONFIG, type Config } from '../config/config.js';
import {
  AppointmentsRepository,
  appointmentListAudit,
  toAppointment,
  visibleTo,
  type AppointmentAccessRow,
  type AppointmentRow,
} from './appointments.repository.js';
import { buildAppointmentIcs, consultationLength } from './appointment-ics.contract.js';
import { MailService } from '../mail/mail.service.js';

interface BookableDoctor {
  id: string;
  name: string;
  specialty: string;
  clinic: string;
  time_zone: string;
  schedule: DoctorSchedule;
}

const SLOT_CONSTRAINT = 'uq_appointments_doctor_slot_active';

/** Postgres unique violation on a named constraint or index. */
function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = error.driverError as { code?: string; constraint?: string };
  return driver.code === '23505' ? (driver.constraint ?? '') : null;
}

@Injectable()
export class AppointmentsService {
  constructor(
    private readonly appointments: AppointmentsRepository,
    @Inject(CONFIG) private readonly config: Config,
    private readonly access: AccessPolicy,
    private readonly auditLog: AuditService,
    private readonly mail: MailService,
  ) {}

  /**
   * `POST /api/appointments`. The caller books for themselves; the slot must be one the doctor offers
   * inside the booking window (the same rules as the UI, from @medora/shared); the partial unique index
   * refuses a second active booking of a slot (409). Bookings of one patient are serialised by an
   * advisory lock so the throttle counts cannot be raced.
   */
  async create(
    caller: Caller,
    input: CreateAppointmentInput,
    idempotencyKey: string | undefined,
    now = new Date(),
  ): Promise<{ created: boolean; appointment: Appointment }> {
    if (input.uid !== caller.uid) {
      await this.access.audit(caller, 'denied', {
        action: 'create',
        resourceType: 'appointment',
        resourceId: null,
        detail: `patient ${input.uid}`,
      });
      throw new ApiException(403, MESSAGES.uidMismatch);
    }
    if (!caller.registered) throw new ApiException(403, MESSAGES.appointmentAccountRequired);
    const requestHash = idempotencyKey ? hashRequest(input) : null;
    if (idempotencyKey) {
      const replay = await this.findReplay(undefined, caller.uid, idempotencyKey, requestHash!);
      if (replay) return { created: false, appointment: replay };
    }

    const slot = parseAppointmentDate(input.date)!;
    const doctor = await this.findBookableDoctor(
      input.doctorId !== undefined
        ? { doctorId: input.doctorId }
        : { name: input.doctor, clinic: input.clinic || null },
      caller.uid,
    );
    const timeZone = clinicTimeZone(doctor.time_zone);
    if (!isBookableSlot(doctor.schedule, slot.date, slot.time, { timeZone, now })) {
      throw new ApiException(400, MESSAGES.appointmentSlotInvalid, { date: MESSAGES.appointmentSlotInvalid });
    }
    const startsAt = slotStart(slot.date, slot.time, timeZone);

    let result: { created: boolean; appointment: Appointment };
    try {
      result = await this.appointments.withPatientLock(caller.uid, async (m) => {
        if (idempotencyKey) {
          const replay = await this.findReplay(m, caller.uid, idempotencyKey, requestHash!);
          if (replay) return { created: false, appointment: replay };
        }
        await this.assertWithinLimits(m, caller.uid);
        const id = await this.appointments.insert(m, [
          caller.uid,
          doctor.id,
          startsAt,
          input.notes?.trim() || MESSAGES.defaultBookingNote,
          doctor.clinic,
          doctor.specialty,
          doctor.name,
          idempotencyKey ?? null,
          requestHash,
        ]);
        const appointment = await this.findById(id, m);
        return { created: true, appointment: appointment! };
      });
    } catch (error) {
      if (uniqueViolation(error) === SLOT_CONSTRAINT)
        throw new ApiException(409, MESSAGES.appointmentSlotTaken);
      throw error;
    }
    // After the commit, on the pool: never a second connection held inside the booking transaction.
    if (result.created) {
      await this.access.audit(caller, 'allowed', {
        action: 'create',
        resourceType: 'appointment',
        resourceId: result.appointment.id,
      });
      const appointmentId = result.appointment.id;
      await this.mail.enqueue([
        { kind: 'appointment.booked', appointmentId, audience: 'patient' },
        { kind: 'appointment.booked', appointmentId, audience: 'doctor' },
      ]);
    }
    return result;
  }

  /**
   * `GET /api/appointments?uid=`: the owner or an admin; newest start first. The allowed read's audit
   * row rides in the same statement (a hot path: one round trip after the guard's); a denial is
   * audited on its own, as AccessPolicy does.
   */
  async list(caller: Caller, uid: string): Promise<Appointment[]> {
    const decision = await this.access.decideQuietly(caller, uid, { allow: ['admin'] });
    if (!decision.allowed) {
      const denied = appointmentListAudit(caller, uid, 'denied');
      await this.auditLog.record(denied);
      throw new ApiException(
        403,
        caller.role === 'admin' ? MESSAGES.accessReasonRequired : MESSAGES.forbidden,
      );
    }
    const { sql, params } = AppointmentsRepository.ofPatientQuery(uid);
    const rows = await this.auditLog.queryWithAudit<AppointmentRow>(
      appointmentListAudit(caller, uid, 'allowed', decision.breakGlassReason),
      sql,
      params,
    );
    return rows.map(toAppointment);
  }

  /** `GET /api/appointments/:id`: the patient, the appointment's doctor (linked account) or an admin. */
  async get(caller: Caller, id: string, action: AuditAction = 'read'): Promise<Appointment> {
    const row = await this.findReadable(caller, id, action);
    return toAppointment(visibleTo(row, caller.uid));
  }

  /**
   * `POST /api/appointments/:id/cancel`: the patient (or an admin) cancels an upcoming appointment
   * (status missing, Scheduled or Confirmed). Cancelled rows leave the partial unique index, so the
   * slot can be booked again. 409 when the appointment is no longer upcoming.
   */
  async cancel(caller: Caller, id: string): Promise<Appointment> {
    const audit: AuditTarget = { action: 'cancel', resourceType: 'appointment', resourceId: id };
    const found = await this.findAudited(caller, id, audit);
    return this.access.withAccess(caller, found.patient_uid, { allow: ['admin'], audit }, () =>
      this.cancelFound(caller, id, found),
    );
  }

  private async cancelFound(caller: Caller, id: string, found: AppointmentAccessRow): Promise<Appointment> {
    const cancelled = await this.appointments.cancel(
      id,
      caller.uid === found.patient_uid ? 'patient' : 'admin',
    );
    if (!cancelled) throw new ApiException(409, MESSAGES.appointmentNotCancellable);
    await this.mail.enqueue([
      { kind: 'appointment.cancelled', appointmentId: id, audience: 'patient' },
      { kind: 'appointment.cancelled', appointmentId: id, audience: 'doctor' },
    ]);
    return (await this.findById(id))!;
  }

  /**
   * `POST /api/appointments/:id/reschedule` (docs/product.md#rescheduling): the owner moves an upcoming
   * appointment to another slot the same doctor offers inside the booking window (the booking rules of
   * @medora/shared). One transaction under the patient's booking lock: the row is locked and checked again,
   * then moved; the partial unique index answers a slot someone holds — also a concurrent reschedule or
   * booking into it — with 409. The id stays; `rescheduled_from` keeps the old start.
   */
  async reschedule(
    caller: Caller,
    id: string,
    input: RescheduleAppointmentInput,
    now = new Date(),
  ): Promise<Appointment> {
    const audit: AuditTarget = {
      action: 'appointment.reschedule',
      resourceType: 'appointment',
      resourceId: id,
    };
    const found = await this.findAudited(caller, id, audit);
    return this.access.withAccess(caller, found.patient_uid, { audit }, () =>
      this.rescheduleFound(caller, id, found, input, now),
    );
  }

  private async rescheduleFound(
    caller: Caller,
    id: string,
    found: AppointmentAccessRow,
    input: RescheduleAppointmentInput,
    now: Date,
  ): Promise<Appointment> {
    if (!caller.registered) throw new ApiException(403, MESSAGES.appointmentAccountRequired);
    if (!isUpcoming({ status: found.status, startsAt: found.starts_at }, now)) {
      throw new ApiException(409, MESSAGES.rescheduleNotAllowed);
    }
    const doctor = await this.findBookableDoctor({ doctorId: found.doctor_id }, caller.uid);
    const timeZone = clinicTimeZone(doctor.time_zone);
    if (!isBookableSlot(doctor.schedule, input.date, input.time, { timeZone, now })) {
      throw new ApiException(400, MESSAGES.appointmentSlotInvalid, { date: MESSAGES.appointmentSlotInvalid });
    }
    const startsAt = slotStart(input.date, input.time, timeZone);
    if (startsAt.getTime() === new Date(found.starts_at).getTime()) {
      throw new ApiException(400, MESSAGES.rescheduleSameSlot, { time: MESSAGES.rescheduleSameSlot });
    }
    let moved: Appointment;
    try {
      moved = await this.appointments.withPatientLock(caller.uid, async (m) => {
        const locked = await this.appointments.lockUpcomingOfPatient(m, id, caller.uid);
        if (!locked) throw new ApiException(409, MESSAGES.rescheduleNotAllowed);
        await this.appointments.moveTo(m, id, startsAt);
        return (await this.findById(id, m))!;
      });
    } catch (error) {
      if (uniqueViolation(error) === SLOT_CONSTRAINT)
        throw new ApiException(409, MESSAGES.appointmentSlotTaken);
      throw error;
    }
    const previousStartsAt = new Date(found.starts_at).toISOString();
    await this.mail.enqueue([
      { kind: 'appointment.rescheduled', appointmentId: id, previousStartsAt, audience: 'patient' },
      { kind: 'appointment.rescheduled', appointmentId: id, previousStartsAt, audience: 'doctor' },
    ]);
    return moved;
  }

  /** `GET /api/appointments/:id/ics`: the appointment as an iCalendar file (same access as `get`). */
  async ics(caller: Caller, id: string): Promise<{ fileName: string; body: string }> {
    const row = await this.findReadable(caller, id, 'export');
    const appointment = toAppointment(visibleTo(row, caller.uid));
    return {
      fileName: `medora-appointment-${appointment.startsAt.slice(0, 10)}.ics`,
      body: buildAppointmentIcs(appointment, {
        durationMinutes: await this.consultationMinutes(row.doctor_id),
      }),
    };
  }

  /**
   * The doctor's consultation length (doctors.consultation_duration) or 30 minutes. Read
   * through to_jsonb so this works with or without that column.
   */
  private async consultationMinutes(doctorId: string): Promise<number> {
    return consultationLength(await this.appointments.consultationMinutes(doctorId));
  }

  /**
   * The row with its doctor's account uid — null unless that doctor is still approved: a doctor an
   * admin rejects loses access to their bookings as they do to the patients' records.
   */
  private findRow(id: string): Promise<AppointmentAccessRow | undefined> {
    return this.appointments.findWithDoctorUid(id);
  }

  /** The row when the caller is its patient, its doctor or an admin (audited either way); 404 / 403. */
  private async findReadable(caller: Caller, id: string, action: AuditAction): Promise<AppointmentRow> {
    const audit: AuditTarget = { action, resourceType: 'appointment', resourceId: id };
    const row = await this.findAudited(caller, id, audit);
    if (row.doctor_uid === caller.uid) {
      await this.access.audit(caller, 'allowed', { ...audit, subjectUid: row.patient_uid });
    } else
      await this.access.withAccess(caller, row.patient_uid, { allow: ['admin'], audit }, async () => row);
    return row;
  }

  /** The row, or 404 with a 'not_found' audit row: a probe for ids is part of the trail too. */
  private async findAudited(caller: Caller, id: string, audit: AuditTarget): Promise<AppointmentAccessRow> {
    const row = await this.findRow(id);
    if (row) return row;
    await this.access.audit(caller, 'not_found', audit);
    throw new ApiException(404, MESSAGES.notFound);
  }

  private async findById(id: string, m?: EntityManager): Promise<Appointment | null> {
    const row = await this.appointments.findById(id, m);
    return row ? toAppointment(row) : null;
  }

  /** The earlier booking made with this key: the same one for the same body, 422 for another body. */
  private async findReplay(
    m: EntityManager | undefined,
    uid: string,
    key: string,
    hash: string,
  ): Promise<Appointment | null> {
    const row = await this.appointments.findByIdempotencyKey(uid, key, m);
    if (!row) return null;
    if (row.request_hash !== hash) throw new ApiException(422, MESSAGES.idempotencyKeyReused);
    return toAppointment(row);
  }

  /**
   * By id (what our UI sends) or, for the spec's body without an id, by name and clinic. A doctor who
   * does not accept new patients is bookable only by patients who already have a booking with them
   * (the same rule that hides them from the list).
   */
  private async findBookableDoctor(
    by: { doctorId: string } | { name: string; clinic: string | null },
    patientUid: string,
  ): Promise<BookableDoctor> {
    const doctor = await this.appointments.findBookableDoctor(patientUid, by);
    if (!doctor) throw new ApiException(404, MESSAGES.appointmentDoctorUnavailable);
    // jsonb written by other features: a malformed schedule means "offers nothing", never a 500.
    const { availableDays, timeSlots, exceptions } = (doctor.schedule ?? {}) as Partial<DoctorSchedule>;
    return {
      ...doctor,
      schedule: {
        availableDays: Array.isArray(availableDays) ? availableDays : [],
        timeSlots: timeSlots && typeof timeSlots === 'object' ? timeSlots : {},
        // Vacations, closed days and extra hours decide here as in the booking UI.
        exceptions: Array.isArray(exceptions) ? exceptions : [],
      },
    };
  }

  /** Per-user throttle: bookings in the last hour, and active upcoming appointments. */
  private async assertWithinLimits(m: EntityManager, uid: string): Promise<void> {
    const counts = await this.appointments.bookingCounts(m, uid);
    const { maxPerHour, maxUpcoming } = this.config.booking;
    if (counts!.recent >= maxPerHour) {
      throw new ApiException(429, formatMessage('bookingRateLimited', { count: counts!.recent }));
    }
    if (counts!.upcoming >= maxUpcoming) {
      throw new ApiException(429, formatMessage('bookingUpcomingLimit', { count: counts!.upcoming }));
    }
  }
}

/**
 * What makes two requests "the same booking" for Idempotency-Key: every field the server uses.
 * bookedAt is left out because the server ignores it and a retry may carry a fresh one.
 */
function hashRequest(input: CreateAppointmentInput): string {
  const parsed = parseAppointmentDate(input.date);
  const canonical = JSON.stringify([
    input.uid,
    parsed ? `${parsed.date} ${parsed.time}` : input.date,
    input.doctorId ?? null,
    input.doctor,
    input.clinic ?? null,
    input.specialty ?? null,
    input.notes ?? null,
    // Was the body's prescriptionUrl (always null from our UI); kept so that stored hashes still match.
    null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
