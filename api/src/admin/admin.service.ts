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
import { activeAppointmentSql } from '../common/sql-rules.js';
import { CredentialEntity } from '../credentials/credential.entity.js';
import { DoctorEntity, VERIFICATION_STATUSES, type VerificationStatus } from '../doctors/doctor.entity.js';
import { toCredentialRecord, toDoctorRecord } from '../doctors/doctors.repository.js';

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
          WHERE ${activeAppointmentSql('appointments')}
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
              supersededAt: c.superseded_at ? new Date(c.superseded_at as string) : null,
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
   *
   * Issue 13 §3: the decision names the version the admin reviewed (409 when the application changed
   * since), and a decided application is decided again only after an explicit re-open (409).
   */
  async decide(
    caller: Caller,
    doctorId: string,
    version: number,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<DoctorRecord> {
    return this.transition(
      caller,
      doctorId,
      version,
      decision.approve ? 'doctor.approve' : 'doctor.reject',
      (row) => {
        if (row.verificationStatus !== 'pending') return MESSAGES.applicationAlreadyDecided;
        Object.assign(row, {
          verificationStatus: decision.approve ? 'approved' : 'rejected',
          credentialsVerified: decision.approve,
          isAvailable: decision.approve,
          rejectionReason: decision.approve ? null : decision.reason,
        } satisfies Partial<DoctorEntity>);
        return {
          detail: decision.approve ? undefined : `reason: ${decision.reason}`,
          credentials: row.verificationStatus,
        };
      },
    );
  }

  /**
   * `POST /api/admin/doctors/:id/reopen`: puts a decided application back in the queue (pending, not
   * bookable) so that it can be decided again; audited like a decision.
   */
  async reopen(caller: Caller, doctorId: string, version: number): Promise<DoctorRecord> {
    return this.transition(caller, doctorId, version, 'doctor.reopen', (row) => {
      if (row.verificationStatus === 'pending') return MESSAGES.applicationNotDecided;
      const previous = row.verificationStatus;
      Object.assign(row, {
        verificationStatus: 'pending',
        credentialsVerified: false,
        isAvailable: false,
        rejectionReason: null,
      } satisfies Partial<DoctorEntity>);
      return { detail: `was ${previous}`, credentials: 'pending' };
    });
  }

  /**
   * One state change of an application under a row lock: 404 when there is no submitted application,
   * 403 on one's own, 409 when `version` is not the current one or `change` refuses (its message).
   * The version grows, the reviewer and time are kept, the current credentials follow the status.
   */
  private async transition(
    caller: Caller,
    doctorId: string,
    version: number,
    action: 'doctor.approve' | 'doctor.reject' | 'doctor.reopen',
    change: (row: DoctorEntity) => string | { detail?: string; credentials: string },
  ): Promise<DoctorRecord> {
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
      if (row.version !== version) {
        return {
          error: [
            409,
            MESSAGES.applicationChanged,
            `version ${version} seen, ${row.version} current`,
          ] as const,
        };
      }
      const outcome = change(row);
      if (typeof outcome === 'string') {
        return { error: [409, outcome, `status ${row.verificationStatus}`] as const };
      }
      // The database clock, so a later resubmission can tell which documents this decision covered.
      const [{ now }] = await m.query<{ now: Date }[]>(`SELECT now() AS now`);
      Object.assign(row, {
        reviewedAt: now,
        reviewedBy: reviewer?.id ?? null,
        version: row.version + 1,
      } satisfies Partial<DoctorEntity>);
      const saved = await repo.save(row);
      await m.query(
        `UPDATE credentials SET verification_status = $2 WHERE doctor_id = $1 AND superseded_at IS NULL`,
        [doctorId, outcome.credentials],
      );
      const [owner] = row.userId
        ? await m.query<{ firebase_uid: string }[]>(`SELECT firebase_uid FROM users WHERE id = $1`, [
            row.userId,
          ])
        : [];
      return { record: toDoctorRecord(saved, owner?.firebase_uid ?? null), detail: outcome.detail };
    });
    if ('error' in result && result.error) {
      const [status, message, detail] = result.error;
      return deny(status, message, detail);
    }
    await this.audit.recordFor(caller, 'allowed', {
      action,
      resourceType: 'doctor',
      resourceId: doctorId,
      ...(result.detail ? { detail: result.detail } : {}),
    });
    return result.record!;
  }
}
