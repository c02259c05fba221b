import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  clinicTimeZone,
  formatAppointmentDate,
  formatMessage,
  PROVIDER_PAGE_DEFAULT,
  PROVIDER_WINDOW_MAX_DAYS,
  SCHEDULE_CHECK_MAX_ROWS,
  providerWindow,
  windowDays,
  parseTime12h,
  slotsFor,
  weeklySlots,
} from '@medora/shared';
import type {
  DoctorSchedule,
  ClinicalSummary,
  ProviderAppointment,
  ProviderAppointmentIntake,
  ProviderAppointmentsPage,
  ProviderAppointmentsQuery,
  ProviderOverview,
  ProviderScheduleInput,
  ProviderScheduleResponse,
} from '@medora/shared';
import {
  AppointmentsRepository,
  type DoctorAppointmentRow,
} from '../appointments/appointments.repository.js';
import { AuditService, auditEntry, type AuditTarget } from '../audit/audit.service.js';
import { CONFIG, type Config } from '../config/config.js';
import { AccessPolicy } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { bookingWindowParams } from '../appointments/booking-window.rules.js';
import { cachedSlotOf } from '../appointments/cached-slot.rules.js';
import { CURSOR_POSITIONS, encodeCursor, pageAfter } from '../common/keyset-cursor.js';
import { summaryHeadline } from '../summary/summary-headline.rules.js';
import { FlagReviewsService } from '../summary/flag-reviews.service.js';
import { ApiException } from '../common/http-exception.filter.js';
import type { DoctorEntity } from '../doctors/doctor.entity.js';
import { DoctorsRepository, type ApprovedDoctorRow } from '../doctors/doctors.repository.js';
import { ApprovedDoctorService } from '../doctors/approved-doctor.service.js';

/**
 * The provider dashboard's data. Every method starts from the caller's own approved doctor
 * row, so a doctor only ever reaches their own appointments and the patients who booked with them.
 */
@Injectable()
export class ProviderService {
  constructor(
    private readonly doctors: DoctorsRepository,
    private readonly approved: ApprovedDoctorService,
    private readonly appointmentRows: AppointmentsRepository,
    private readonly audit: AuditService,
    private readonly access: AccessPolicy,
    private readonly flagReviews: FlagReviewsService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** What `careUntilSql` needs to decide what of a patient this doctor still sees. */
  private careOf(caller: Caller): { doctorUid: string; days: number } {
    return { doctorUid: caller.uid, days: this.config.careAccessDays };
  }

  /** The caller's approved doctor record, or 403 with a denied audit row (ApprovedDoctorService). */
  doctorFor(caller: Caller, target: AuditTarget): Promise<ApprovedDoctorRow> {
    return this.approved.doctorFor(caller, target);
  }

  async overview(caller: Caller, now = new Date()): Promise<ProviderOverview> {
    const doctor = await this.doctorFor(caller, {
      action: 'read',
      resourceType: 'dashboard',
      resourceId: null,
    });
    return this.appointmentRows.doctorOverview(doctor.id, clinicTimeZone(doctor.timeZone), now);
  }

  /**
   * A page of this doctor's appointments starting in a window of clinic dates (default today
   * and the next PROVIDER_WINDOW_NEXT_DAYS days), by start. An active appointment carries the patient's
   * name, e-mail and summary headline; a cancelled one only the name (the relationship ended:
   * access.repository.ts). One audit row per patient whose data the page returned.
   */
  async appointments(
    caller: Caller,
    query: ProviderAppointmentsQuery,
    now = new Date(),
  ): Promise<ProviderAppointmentsPage> {
    const doctor = await this.doctorFor(caller, {
      action: 'list',
      resourceType: 'appointment',
      resourceId: null,
    });
    const timeZone = clinicTimeZone(doctor.timeZone);
    const window = providerWindow(query, timeZone, now);
    if (windowDays(window) < 1 || windowDays(window) > PROVIDER_WINDOW_MAX_DAYS) {
      const message =
        windowDays(window) < 1
          ? MESSAGES.providerWindowOrder
          : formatMessage('providerWindowTooLong', { days: PROVIDER_WINDOW_MAX_DAYS });
      throw new ApiException(400, message, { [query.from ? 'to' : 'from']: message });
    }
    // A cursor continues the window it was made for only.
    const scope = { list: 'provider-appointments', ...window };
    const after = pageAfter(query.cursor, scope, CURSOR_POSITIONS.timeAndId, MESSAGES.providerCursorInvalid);
    const limit = query.limit ?? PROVIDER_PAGE_DEFAULT;
    // One audit row per patient whose data the page returned, in the same statement.
    const rows = await this.audit.queryWithSubjectAudit<DoctorAppointmentRow>(
      auditEntry(caller, 'allowed', {
        action: 'read',
        resourceType: 'profile',
        resourceId: null,
        detail: 'provider appointments',
      }),
      AppointmentsRepository.windowOfDoctorQuery(
        doctor.id,
        { ...window, timeZone },
        after,
        limit,
        this.careOf(caller),
      ),
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => toProviderAppointment(r, timeZone)),
      nextCursor:
        rows.length > limit && last ? encodeCursor(scope, { at: last.keyset_at, id: last.id }) : null,
      ...window,
      timeZone,
    };
  }

  /**
   * The summary and intake behind one card — only for the appointment's own doctor, only
   * while it is active, and only while the access policy's doctor-of-patient rule holds (it writes the
   * allowed or denied audit row, as for `GET /api/patients/{uid}`). 404 when it is not theirs.
   */
  async appointmentIntake(caller: Caller, id: string): Promise<ProviderAppointmentIntake> {
    // A health record read: rows name the profile, with the appointment in the detail.
    const target: AuditTarget = {
      action: 'read',
      resourceType: 'profile',
      resourceId: null,
      detail: `appointment ${id}`,
    };
    const doctor = await this.doctorFor(caller, target);
    const row = await this.appointmentRows.intakeForDoctor(id, doctor.id, this.careOf(caller));
    if (!row) {
      await this.audit.recordFor(caller, 'not_found', target);
      throw new ApiException(404, MESSAGES.notFound);
    }
    if (!row.active) {
      await this.audit.recordFor(caller, 'denied', { ...target, detail: `appointment ${id} cancelled` });
      throw new ApiException(403, MESSAGES.cancelledNoHealthData);
    }
    const audit = { ...target, resourceId: row.patient_uid };
    return this.access.withAccess(
      caller,
      row.patient_uid,
      { allow: ['doctorOfPatient'], audit },
      async () => ({
        appointmentId: id,
        patientUid: row.patient_uid,
        summary:
          row.visit_id && row.visited_at
            ? await this.flagReviews.withCarried(
                row.patient_uid,
                { id: row.visit_id, visitedAt: row.visited_at },
                (row.summary as ClinicalSummary | null) ?? null,
              )
            : null,
        intake: row.data,
      }),
    );
  }

  async schedule(caller: Caller): Promise<ProviderScheduleResponse> {
    const doctor = await this.doctorFor(caller, {
      action: 'read',
      resourceType: 'schedule',
      resourceId: null,
    });
    return this.scheduleResponse(await this.doctors.findById(doctor.id));
  }

  /**
   * Replaces the weekly schedule and clinic zone; booking reads it on the next request. Existing
   * bookings are never dropped: those that no longer fit stay booked and are listed in the answer.
   * Slots arrive canonical ('hh:mm AM/PM', from the shared schema) and are stored once each, in
   * time order; the zone must be one Postgres knows. Weekly hours are
   * stored with the slots generated from them, and the date exceptions beside them.
   */
  async updateSchedule(caller: Caller, input: ProviderScheduleInput): Promise<ProviderScheduleResponse> {
    const doctor = await this.doctorFor(caller, {
      action: 'doctor.schedule.update',
      resourceType: 'doctor',
      resourceId: null,
    });
    await this.doctors.assertKnownTimeZone(input.timeZone);
    await this.doctors.updateSchedule(doctor.id, storedSchedule(input), input.timeZone);
    await this.audit.recordFor(caller, 'allowed', {
      action: 'doctor.schedule.update',
      resourceType: 'doctor',
      resourceId: doctor.id,
    });
    return this.scheduleResponse(await this.doctors.findById(doctor.id));
  }

  private async scheduleResponse(row: DoctorEntity): Promise<ProviderScheduleResponse> {
    const schedule: DoctorSchedule = {
      availableDays: row.schedule?.availableDays ?? [],
      timeSlots: row.schedule?.timeSlots ?? {},
      ...(row.schedule?.hours ? { hours: row.schedule.hours } : {}),
      exceptions: row.schedule?.exceptions ?? [],
    };
    const timeZone = clinicTimeZone(row.timeZone);
    // Bounded — bookings exist only inside the booking window (booking and rescheduling
    // refuse any other date), so that window (with a day of margin for any zone) and a row cap suffice.
    const [, until] = bookingWindowParams(new Date());
    const upcoming = await this.appointmentRows.upcomingOfDoctor(row.id, until, SCHEDULE_CHECK_MAX_ROWS);
    const outsideSchedule = upcoming
      .map((a) => ({ a, slot: cachedSlotOf(new Date(a.startsAt), timeZone) }))
      .filter(({ slot }) => !slotsFor(schedule, slot.date).includes(slot.time))
      .map(({ a, slot }) => ({
        id: a.id,
        date: formatAppointmentDate(slot.date, slot.time),
        patientUid: a.patientUid,
      }));
    return { ...schedule, timeZone, outsideSchedule };
  }
}

/**
 * The stored schedule of a `PUT /api/provider/schedule` body: weekly hours with their generated slots,
 * or (older clients) the listed days and slots, once each in time order; exceptions as given.
 */
export function storedSchedule(input: ProviderScheduleInput): DoctorSchedule {
  const exceptions = input.exceptions;
  if (input.hours) return { ...weeklySlots(input.hours), hours: input.hours, exceptions };
  const days = [...new Set(input.availableDays ?? [])];
  const timeSlots: Record<string, string[]> = {};
  for (const day of days) {
    timeSlots[day] = [...new Set(input.timeSlots?.[day] ?? [])].sort(
      (a, b) => (parseTime12h(a) ?? 0) - (parseTime12h(b) ?? 0),
    );
  }
  return { availableDays: days, timeSlots, exceptions };
}

/** A row of the doctor's window as its card: name and summary headline, no intake. */
function toProviderAppointment(r: DoctorAppointmentRow, timeZone: string): ProviderAppointment {
  const slot = cachedSlotOf(new Date(r.starts_at), timeZone);
  return {
    id: r.id,
    date: formatAppointmentDate(slot.date, slot.time),
    startsAt: new Date(r.starts_at).toISOString(),
    status: r.status,
    notes: r.notes,
    prescriptionUrl: r.prescription_url,
    patient: {
      uid: r.patient_uid,
      name: r.name,
      email: r.email,
      headline: r.active ? summaryHeadline(r.ai_summary) : null,
    },
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
    cancelledBy: r.cancelled_by ?? null,
    cancelReason: r.cancel_reason,
    rescheduledFrom: r.rescheduled_from ? new Date(r.rescheduled_from).toISOString() : null,
    timeZone,
  };
}
