import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  MESSAGES,
  ROLES,
  type AdminDashboardOverview,
  type DoctorApplication,
  type DoctorRecord,
  type Role,
} from '@medora/shared';
import { auditEntry } from '../audit/audit.queries.js';
import { AuditService } from '../audit/audit.service.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CredentialEntity } from '../credentials/credential.entity.js';
import { DoctorEntity, VERIFICATION_STATUSES, type VerificationStatus } from '../doctors/doctor.entity.js';
import { toCredentialRecord, toDoctorRecord } from '../doctors/doctor-mapper.js';

@Injectable()
export class AdminService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** Real counts: accounts by role, doctors by status, and the dashboard's four counters. */
  async overview(): Promise<AdminDashboardOverview> {
    const [roles, statuses, week] = await Promise.all([
      this.ds.query<{ key: Role; n: string }[]>(`SELECT role AS key, count(*) AS n FROM users GROUP BY role`),
      this.ds.query<{ key: VerificationStatus; n: string }[]>(
        `SELECT verification_status AS key, count(*) AS n FROM doctors
          WHERE onboarding_completed OR seed_key IS NOT NULL GROUP BY verification_status`,
      ),
      this.ds.query<{ n: string }[]>(
        `SELECT count(*) AS n FROM appointments
          WHERE status <> 'Cancelled'
            AND starts_at >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
            AND starts_at < (date_trunc('week', now() AT TIME ZONE 'UTC') + interval '7 days') AT TIME ZONE 'UTC'`,
      ),
    ]);
    const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
    for (const row of roles) byRole[row.key] = Number(row.n);
    const byStatus = Object.fromEntries(VERIFICATION_STATUSES.map((s) => [s, 0])) as Record<
      VerificationStatus,
      number
    >;
    for (const row of statuses) byStatus[row.key] = Number(row.n);
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    return {
      users: { total: sum(byRole), byRole },
      doctors: { total: sum(byStatus), byVerificationStatus: byStatus },
      pendingApplications: byStatus.pending,
      approvedDoctors: byStatus.approved,
      patients: byRole.patient,
      appointmentsThisWeek: Number(week[0]?.n ?? 0),
    };
  }

  /**
   * Submitted applications with a status, oldest first, each with its credential list. Audited: one
   * row per application returned (issue 13), all in one statement.
   */
  async applications(caller: Caller, status: VerificationStatus): Promise<DoctorApplication[]> {
    const rows = await this.ds
      .getRepository(DoctorEntity)
      .createQueryBuilder('d')
      .leftJoin('users', 'u', 'u.id = d.user_id')
      .addSelect('u.firebase_uid', 'firebase_uid')
      .where('d.verification_status = :status', { status })
      .andWhere('d.onboarding_completed = true')
      .andWhere('d.seed_key IS NULL')
      .orderBy('d.created_at', 'ASC')
      .getRawAndEntities();
    const ids = rows.entities.map((d) => d.id);
    // One audit row per application returned, in the credentials' statement (issue 13).
    const audit = rows.entities.map((d, i) =>
      auditEntry(caller, 'allowed', {
        action: 'application.read',
        resourceType: 'doctor',
        resourceId: d.id,
        detail: `user ${(rows.raw[i] as { firebase_uid: string | null }).firebase_uid ?? '-'}`,
      }),
    );
    const creds = ids.length
      ? await this.audit.queryWithAuditMany<Record<string, unknown> & { has_file: boolean }>(
          audit,
          `SELECT c.*, EXISTS (SELECT 1 FROM credential_files f WHERE f.credential_id = c.id) AS has_file
             FROM credentials c WHERE c.doctor_id = ANY($1::uuid[]) ORDER BY c.created_at, c.id`,
          [ids],
        )
      : [];
    return rows.entities.map((d, i) => ({
      ...toDoctorRecord(d, (rows.raw[i] as { firebase_uid: string | null }).firebase_uid),
      credentials: creds
        .filter((c) => c.doctor_id === d.id)
        .map((c) =>
          toCredentialRecord(
            {
              id: c.id as string,
              doctorId: c.doctor_id as string,
              type: c.type as CredentialEntity['type'],
              documentName: c.document_name as string,
              issuingOrganization: c.issuing_organization as string | null,
              verificationStatus: c.verification_status as string,
              contentType: c.content_type as string | null,
              size: c.size as number | null,
              createdAt: new Date(c.created_at as string),
            },
            c.has_file,
          ),
        ),
    }));
  }

  async credentialFile(
    caller: Caller,
    id: string,
  ): Promise<{ name: string; contentType: string; bytes: Buffer }> {
    const rows = await this.ds.query<
      { document_name: string; content_type: string | null; bytes: Buffer; doctor_id: string }[]
    >(
      `SELECT c.document_name, c.content_type, c.doctor_id, f.bytes FROM credentials c
         JOIN credential_files f ON f.credential_id = c.id WHERE c.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    await this.audit.recordFor(caller, 'allowed', {
      action: 'credential.view',
      resourceType: 'credential',
      resourceId: id,
      detail: `doctor ${row.doctor_id}`,
    });
    return {
      name: row.document_name,
      contentType: row.content_type ?? 'application/octet-stream',
      bytes: row.bytes,
    };
  }

  /**
   * Approves or rejects a submitted application. Approval makes the doctor bookable at once
   * (verificationStatus approved, credentialsVerified, isAvailable). An admin never reviews their own
   * record. Every decision, refused ones included, is audited.
   */
  async decide(
    caller: Caller,
    doctorId: string,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<DoctorRecord> {
    const action = decision.approve ? 'doctor.approve' : 'doctor.reject';
    const deny = async (status: number, message: string, detail: string): Promise<never> => {
      await this.audit.recordFor(caller, 'denied', {
        action,
        resourceType: 'doctor',
        resourceId: doctorId,
        detail,
      });
      throw new ApiException(status, message);
    };
    const result = await this.ds.transaction(async (m) => {
      const repo = m.getRepository(DoctorEntity);
      const row = await repo
        .createQueryBuilder('d')
        .setLock('pessimistic_write')
        .where('d.id = :id', { id: doctorId })
        .getOne();
      if (!row || !row.onboardingCompleted)
        return { error: [404, MESSAGES.notFound, 'no submitted application'] as const };
      const [reviewer] = await m.query<{ id: string }[]>(`SELECT id FROM users WHERE firebase_uid = $1`, [
        caller.uid,
      ]);
      if (reviewer && row.userId === reviewer.id) {
        return { error: [403, MESSAGES.forbidden, 'own application'] as const };
      }
      const [owner] = row.userId
        ? await m.query<{ firebase_uid: string }[]>(`SELECT firebase_uid FROM users WHERE id = $1`, [
            row.userId,
          ])
        : [];
      Object.assign(row, {
        verificationStatus: decision.approve ? 'approved' : 'rejected',
        credentialsVerified: decision.approve,
        isAvailable: decision.approve,
        rejectionReason: decision.approve ? null : decision.reason,
        reviewedAt: new Date(),
        reviewedBy: reviewer?.id ?? null,
      } satisfies Partial<DoctorEntity>);
      const saved = await repo.save(row);
      await m.query(`UPDATE credentials SET verification_status = $2 WHERE doctor_id = $1`, [
        doctorId,
        decision.approve ? 'approved' : 'rejected',
      ]);
      return { record: toDoctorRecord(saved, owner?.firebase_uid ?? null) };
    });
    if ('error' in result && result.error) {
      const [status, message, detail] = result.error;
      return deny(status, message, detail);
    }
    await this.audit.recordFor(caller, 'allowed', {
      action,
      resourceType: 'doctor',
      resourceId: doctorId,
      ...(decision.approve ? {} : { detail: `reason: ${decision.reason}` }),
    });
    return result.record!;
  }
}
