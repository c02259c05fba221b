import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MESSAGES, type IntakeAnswers, type PatientResponse, type SavePatientInput } from '@medora/shared';
import { AccessPolicy, type AuditTarget } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { SummaryService } from '../summary/summary.service.js';
import { PatientProfileEntity } from './patient-profile.entity.js';

function toResponse(row: PatientProfileEntity): PatientResponse {
  return { exists: true, data: row.data, aiSummary: row.aiSummary, updatedAt: row.updatedAt.toISOString() };
}

@Injectable()
export class PatientsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
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
    const row = await this.ds.getRepository(PatientProfileEntity).findOne({ where: { firebaseUid: uid } });
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
    const rows = await this.ds.query<{ inserted: boolean }[]>(
      `INSERT INTO patient_profiles (firebase_uid, user_id, data, ai_summary)
       VALUES ($1, (SELECT id FROM users WHERE firebase_uid = $1), $2::jsonb, $3::jsonb)
       ON CONFLICT (firebase_uid) DO UPDATE
         SET data = EXCLUDED.data, ai_summary = EXCLUDED.ai_summary,
             user_id = COALESCE(patient_profiles.user_id, EXCLUDED.user_id), updated_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [caller.uid, JSON.stringify(data), JSON.stringify(aiSummary)],
    );
    const row = await this.ds
      .getRepository(PatientProfileEntity)
      .findOneOrFail({ where: { firebaseUid: caller.uid } });
    return { created: rows[0]?.inserted === true, patient: toResponse(row) };
  }
}
