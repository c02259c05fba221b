import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  VISIT_UNDO_HOURS,
  formatMessage,
  isOpenStatus,
  type AppointmentStatusUpdate,
  type DoctorCancelInput,
  isVisitClosedStatus,
} from '@medora/shared';
import { AuditService } from '../audit/audit.service.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { ApprovedDoctorService } from '../doctors/approved-doctor.service.js';
import { MailService } from '../mail/mail.service.js';
import { AppointmentsRepository } from './appointments.repository.js';

/**
 * The doctor's side of an appointment's lifecycle: close a visit (Completed / No-Show), undo that
 * within VISIT_UNDO_HOURS, and cancel an upcoming appointment. The patient's side (book, reschedule,
 * cancel) is AppointmentsService; both change rows through the one AppointmentsRepository.
 */
@Injectable()
export class DoctorVisitsService {
  constructor(
    private readonly appointments: AppointmentsRepository,
    private readonly approved: ApprovedDoctorService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {}

  /**
   * Completed / No-Show: only for a Scheduled or Confirmed appointment that has started (409
   * otherwise). `closed_at` starts the undo window (`reopen`).
   */
  async setStatus(
    caller: Caller,
    id: string,
    input: AppointmentStatusUpdate,
  ): Promise<{ id: string; status: string }> {
    const doctor = await this.approved.doctorFor(caller, {
      action: 'appointment.status',
      resourceType: 'appointment',
      resourceId: id,
    });
    const row = await this.appointments.closeVisit(id, doctor.id, input.status);
    await this.auditStatus(caller, id, row !== null, input.status);
    if (!row) {
      const current = await this.current(id, doctor.id);
      throw new ApiException(409, current.open ? MESSAGES.visitNotStarted : MESSAGES.visitNotOpen);
    }
    return row;
  }

  /** Undoes a Completed / No-Show mark within VISIT_UNDO_HOURS of setting it: Scheduled again. */
  async reopen(caller: Caller, id: string): Promise<{ id: string; status: string }> {
    const doctor = await this.approved.doctorFor(caller, {
      action: 'appointment.status',
      resourceType: 'appointment',
      resourceId: id,
    });
    const row = await this.appointments.reopenVisit(id, doctor.id, VISIT_UNDO_HOURS);
    await this.auditStatus(caller, id, row !== null, 'Scheduled (undo)');
    if (!row) {
      const current = await this.current(id, doctor.id);
      throw new ApiException(
        409,
        current.closed
          ? formatMessage('visitUndoExpired', { hours: VISIT_UNDO_HOURS })
          : MESSAGES.visitNotClosed,
      );
    }
    return row;
  }

  /**
   * The doctor cancels an upcoming appointment with a reason the patient sees in their bell and in
   * the appointment's details. The slot is free again (the unique index skips Cancelled rows) and,
   * unless another active appointment exists, the doctor no longer sees the patient's records.
   */
  async cancel(
    caller: Caller,
    id: string,
    input: DoctorCancelInput,
  ): Promise<{ id: string; status: string }> {
    const doctor = await this.approved.doctorFor(caller, {
      action: 'cancel',
      resourceType: 'appointment',
      resourceId: id,
    });
    const row = await this.appointments.cancel(id, 'doctor', { doctorId: doctor.id, reason: input.reason });
    // The reason may describe the patient's health: it stays out of the audit log.
    await this.audit.recordFor(caller, row ? 'allowed' : 'denied', {
      action: 'cancel',
      resourceType: 'appointment',
      resourceId: id,
      detail: 'by doctor',
    });
    if (!row) {
      await this.current(id, doctor.id);
      throw new ApiException(409, MESSAGES.doctorCancelNotUpcoming);
    }
    // The same mails as a patient's cancellation: the patient's calendar event is withdrawn too.
    await this.mail.enqueue([
      { kind: 'appointment.cancelled', appointmentId: id, audience: 'patient' },
      { kind: 'appointment.cancelled', appointmentId: id, audience: 'doctor' },
    ]);
    return row;
  }

  /** Why a transition did not apply: 404 when this is not the doctor's appointment, else its state. */
  private async current(id: string, doctorId: string): Promise<{ open: boolean; closed: boolean }> {
    const status = await this.appointments.statusForDoctor(id, doctorId);
    if (status === null) throw new ApiException(404, MESSAGES.notFound);
    return {
      open: isOpenStatus(status),
      closed: isVisitClosedStatus(status),
    };
  }

  private auditStatus(caller: Caller, id: string, allowed: boolean, detail: string): Promise<void> {
    return this.audit.recordFor(caller, allowed ? 'allowed' : 'denied', {
      action: 'appointment.status',
      resourceType: 'appointment',
      resourceId: id,
      detail,
    });
  }
}
