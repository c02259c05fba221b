import { Injectable } from '@nestjs/common';
import { MESSAGES, type IntakeAnswers, type PatientResponse, type SavePatientInput } from '@medora/shared';
import { AccessPolicy, type AuditTarget } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { SummaryService } from '../summary/summary.service.js';
import type { PatientProfileEntity } from './patient-profile.entity.js';
import { PatientsRepository } from './patients.repository.js';

function toResponse(row: PatientProfileEntity): PatientResponse {
  return { exists: true, data: row.data, aiSummary: row.aiSummary, updatedAt: row.updatedAt.toISOString() };
}

@Injectable()
export class PatientsService {
  constructor(
    private readonly patients: PatientsRepository,
    private readonly access: AccessPolicy,
    private readonly summary: SummaryService,
  ) {}

  /**
   * `GET /api/patients/:uid`: the owner, a doctor the patient booked with, or an admin; 404 for a
   * patient without a record yet (spec §7: a new patient).
   */
  async get(caller: Caller, uid: string): Promise<PatientResponse> {
    await this.access.assertCanAccess(caller, uid, {
      allow: ['admin', 'doctorOfPatient'],
      audit: { action: 'read', resourceType: 'profile', resourceId: uid },
    });
    const row = await this.patients.findByUid(uid);
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    return toResponse(row);
  }

  /** `POST /api/patients`: saves (creates or replaces) the caller's own record and its summary. */
  async save(
    caller: Caller,
    input: SavePatientInput,
  ): Promise<{ created: boolean; patient: PatientResponse }> {
    const target: AuditTarget = { action: 'write', resourceType: 'profile', resourceId: input.uid };
    if (input.uid !== caller.uid) {
      await this.access.audit(caller, 'denied', target);
      throw new ApiException(403, MESSAGES.uidMismatch);
    }
    await this.access.audit(caller, 'allowed', target);
    const data = input.data as IntakeAnswers;
    const aiSummary = await this.summary.summarize(data);
    const { created, row } = await this.patients.upsert(caller.uid, data, aiSummary);
    return { created, patient: toResponse(row) };
  }
}
