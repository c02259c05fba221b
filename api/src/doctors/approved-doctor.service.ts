import { Injectable } from '@nestjs/common';
import { isClinicianRole, MESSAGES } from '@medora/shared';
import { AuditService, type AuditTarget } from '../audit/audit.service.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { DoctorsRepository, type ApprovedDoctorRow } from './doctors.repository.js';

/**
 * The gate of every clinician command and read (the provider dashboard, the visit commands): the
 * caller's own approved doctor record, so a doctor only ever reaches their own appointments.
 */
@Injectable()
export class ApprovedDoctorService {
  constructor(
    private readonly doctors: DoctorsRepository,
    private readonly audit: AuditService,
  ) {}

  /**
   * The caller's approved doctor record, or 403 (patients, unapproved doctors, admins) with a denied
   * audit row naming what the caller tried to reach (`target`).
   */
  async doctorFor(caller: Caller, target: AuditTarget): Promise<ApprovedDoctorRow> {
    const deny = async (message: string): Promise<never> => {
      await this.audit.recordFor(caller, 'denied', target);
      throw new ApiException(403, message);
    };
    if (!isClinicianRole(caller.role)) return deny(MESSAGES.forbidden);
    return (await this.doctors.findApprovedByUid(caller.uid)) ?? deny(MESSAGES.notApprovedProvider);
  }
}
