import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  CREDENTIALS_PAGE_SIZE,
  FOLLOW_UP_MAX_ROWS,
  MESSAGES,
  ROLES,
  type AdminDashboardOverview,
  type ApplicationsPage,
  type ApplicationsQuery,
  type ChangeRequestsPage,
  type CredentialsPage,
  type FollowUpPage,
  type SuspensionResult,
  type AuditAction,
  type DoctorChangeRequest,
  type DoctorRecord,
  type PatientLookupResult,
  type Role,
  isClinicianRole,
} from '@medora/shared';
import { AppointmentsRepository } from '../appointments/appointments.repository.js';
import { AuditService, auditEntry } from '../audit/audit.service.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CURSOR_POSITIONS, encodeCursor, pageAfter } from '../common/keyset-cursor.js';
import { FileStore } from '../storage/file-store.js';
import {
  VERIFICATION_STATUSES,
  type DoctorEntity,
  type VerificationStatus,
} from '../doctors/doctor.entity.js';
import { DoctorsRepository, toCredentialRecord, toDoctorRecord } from '../doctors/doctors.repository.js';
import type { DoctorChangeRequestEntity } from '../doctors/doctor-change-request.entity.js';
import {
  CHANGE_REQUESTS_MAX_ROWS,
  DoctorChangeRequestsRepository,
  toChangeRequest,
  type ChangeRequestRow,
} from '../doctors/doctor-change-requests.repository.js';
import { MailService } from '../mail/mail.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { AdminRepository } from './admin.repository.js';

/** The audit detail of a rejection is `reason: <the reason>` (`decide` below writes it). */
const REJECTION_DETAIL = 'reason: ';
function rejectionReasonOf(detail: string | null): string {
  return detail?.startsWith(REJECTION_DETAIL) ? detail.slice(REJECTION_DETAIL.length) : (detail ?? '');
}

/** An open change request as the admin desk's list reads it, with its doctor's name and uid. */
type ChangeRequestListRow = ChangeRequestRow & {
  doctorName: string;
  uid: string | null;
  keysetAt: string;
  [column: string]: unknown;
};

@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersRepository,
    private readonly doctors: DoctorsRepository,
    private readonly appointments: AppointmentsRepository,
    private readonly audit: AuditService,
    private readonly adminReads: AdminRepository,
    private readonly files: FileStore,
    private readonly mail: MailService,
    private readonly changes: DoctorChangeRequestsRepository,
  ) {}

  /** Real counts: accounts by role, doctors by status, and the dashboard's four counters. */
  async overview(): Promise<AdminDashboardOverview> {
    const [roles, statuses, week] = await Promise.all([
      this.users.countByRole(),
      this.doctors.countListedByStatus(),
      this.appointments.countActiveThisWeek(),
    ]);
    const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
    for (const row of roles) byRole[row.key] = Number(row.n);
    const byStatus = Object.fromEntries(VERIFICATION_STATUSES.map((s) => [s, 0])) as Record<
      VerificationStatus,
      number
    >;
    for (const row of statuses) byStatus[row.key] = Number(row.n);
    // The Approved counter counts what the Approved tab lists: approved and not suspended.
    const suspended = statuses.reduce((n, row) => n + Number(row.suspended), 0);
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    return {
      users: { total: sum(byRole), byRole },
      doctors: { total: sum(byStatus), byVerificationStatus: byStatus },
      pendingApplications: byStatus.pending,
      approvedDoctors: byStatus.approved - suspended,
      patients: byRole.patient,
      appointmentsThisWeek: week,
    };
  }

  /**
   * A keyset page of submitted applications of one status (search, submission date
   * order; cursor, bounded page, no documents), each with its account's role, its earlier
   * rejections and how many documents it has. Audited: one row per application returned, in one
   * statement.
   */
  async applications(caller: Caller, query: ApplicationsQuery): Promise<ApplicationsPage> {
    // A cursor continues the tab, search and order it was made for only.
    const scope = { list: 'applications', status: query.status, q: query.q, sort: query.sort };
    const after = pageAfter(query.cursor, scope, CURSOR_POSITIONS.timeAndId);
    const { rows: read, count } = await this.adminReads.applicationsPage({ ...query, after });
    const rows = read.slice(0, query.limit);
    const last = rows.at(-1);
    const nextCursor = read.length > query.limit && last ? encodeCursor(scope, last.cursor) : null;
    const audit = rows.map(({ doctor, uid }) =>
      auditEntry(caller, 'allowed', {
        action: 'application.read',
        resourceType: 'doctor',
        resourceId: doctor.id,
        detail: `user ${uid ?? '-'}`,
      }),
    );
    const [counted] = await this.audit.queryWithAuditMany<{ n: string }>(audit, count.sql, count.params);
    const total = Number(counted?.n ?? 0);
    const items = rows.map(({ doctor, uid, role, rejections, credentialCount }) => ({
      ...toDoctorRecord(doctor, uid),
      credentialCount,
      applicantRole: isClinicianRole(role) ? role : null,
      rejections: rejections.map((r) => ({
        at: new Date(r.at).toISOString(),
        reason: rejectionReasonOf(r.detail),
      })),
    }));
    return { items, nextCursor, total };
  }

  /**
   * One application's documents (oldest first, with whether each has a file), when the admin
   * opens them; 404 for anything that is not a submitted application. Audited in the same statement.
   */
  async applicationCredentials(caller: Caller, doctorId: string, cursor?: string): Promise<CredentialsPage> {
    // One application's documents: another application's cursor is refused.
    const scope = { list: 'application-credentials', doctorId };
    const after = pageAfter(cursor, scope, CURSOR_POSITIONS.timeAndId);
    if (!(await this.adminReads.isSubmittedApplication(doctorId))) {
      throw new ApiException(404, MESSAGES.notFound);
    }
    const { sql, params } = DoctorsRepository.credentialsOfSql([doctorId], {
      after,
      rows: CREDENTIALS_PAGE_SIZE + 1,
    });
    const rows = await this.audit.queryWithAudit<Record<string, unknown>>(
      // As the role guard names this route (its last segment): a list of credentials, of the doctor.
      auditEntry(caller, 'allowed', {
        action: 'list',
        resourceType: 'credential',
        resourceId: null,
        detail: `doctor ${doctorId}`,
      }),
      sql,
      params,
    );
    const page = rows.slice(0, CREDENTIALS_PAGE_SIZE).map(DoctorsRepository.toCredentialRow);
    const last = page.at(-1);
    return {
      items: page.map((c) => toCredentialRecord(c, c.hasFile)),
      nextCursor:
        rows.length > CREDENTIALS_PAGE_SIZE && last
          ? encodeCursor(scope, { at: last.keysetAt, id: last.id })
          : null,
    };
  }

  async credentialFile(
    caller: Caller,
    id: string,
  ): Promise<{ name: string; contentType: string; body: Readable }> {
    const row = await this.doctors.credentialFile(id);
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    await this.audit.recordFor(caller, 'allowed', {
      action: 'credential.view',
      resourceType: 'credential',
      resourceId: id,
      detail: `doctor ${row.doctorId}`,
    });
    return {
      name: row.documentName,
      contentType: row.contentType ?? 'application/octet-stream',
      // Only now, audited (the route is admin-only), are the bytes read.
      body: await this.openCredential(id),
    };
  }

  private async openCredential(id: string): Promise<Readable> {
    const stored = await this.doctors.credentialBytes(id);
    if (!stored) throw new ApiException(404, MESSAGES.notFound);
    return this.files.open(stored);
  }

  /**
   * Approves or rejects a submitted application. Approval makes the doctor bookable at once
   * (verificationStatus approved, credentialsVerified, isAvailable). An admin never reviews their own
   * record. Every decision, refused ones included, is audited.
   *
   * The decision names the version the admin reviewed (docs/product.md#review-decisions; 409 when the
   * application changed since), and a decided application is decided again only after an explicit re-open
   * (409).
   */
  async decide(
    caller: Caller,
    doctorId: string,
    version: number,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<DoctorRecord> {
    const record = await this.transition(
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
          detail: decision.approve ? undefined : `${REJECTION_DETAIL}${decision.reason}`,
          credentials: row.verificationStatus,
        };
      },
    );
    // After the decision committed: the applicant hears of it by e-mail.
    await this.mail.enqueue([
      {
        kind: 'application.decided',
        doctorId,
        decision: decision.approve ? 'approved' : 'rejected',
        audience: 'applicant',
      },
    ]);
    return record;
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
   * Suspends an approved doctor with a reason (docs/product.md#suspension). The one approved-doctor rule then
   * leaves them out: not bookable, no dashboard, no access to patients' records. Answers with their upcoming
   * appointments for the admin's follow-up (each audited as read).
   */
  async suspend(
    caller: Caller,
    doctorId: string,
    version: number,
    reason: string,
  ): Promise<SuspensionResult> {
    const doctor = await this.transition(caller, doctorId, version, 'doctor.suspend', (row) => {
      if (row.verificationStatus !== 'approved' || row.suspendedAt) return MESSAGES.doctorNotSuspendable;
      Object.assign(row, {
        suspendedAt: new Date(),
        suspensionReason: reason,
      } satisfies Partial<DoctorEntity>);
      return { detail: `${REJECTION_DETAIL}${reason}`, credentials: 'approved' };
    });
    return { doctor, upcoming: (await this.upcoming(caller, doctorId)).items };
  }

  /** Lifts a suspension; the doctor is bookable and has their dashboard again. */
  async reinstate(caller: Caller, doctorId: string, version: number): Promise<DoctorRecord> {
    return this.transition(caller, doctorId, version, 'doctor.reinstate', (row) => {
      if (!row.suspendedAt) return MESSAGES.doctorNotSuspended;
      Object.assign(row, { suspendedAt: null, suspensionReason: null } satisfies Partial<DoctorEntity>);
      return { credentials: 'approved' };
    });
  }

  /**
   * `GET /api/admin/change-requests`: the open profile change requests, oldest first, each as a diff
   * (field, approved value, requested value). One 'doctor.read' audit row per doctor, in the read.
   */
  async changeRequests(caller: Caller, cursor?: string): Promise<ChangeRequestsPage> {
    const scope = { list: 'change-requests' };
    const after = pageAfter(cursor, scope, CURSOR_POSITIONS.timeAndId);
    const rows = await this.audit.queryWithSubjectAudit<ChangeRequestListRow>(
      auditEntry(caller, 'allowed', {
        action: 'doctor.read',
        resourceType: 'doctor',
        resourceId: null,
        detail: 'change request',
      }),
      {
        ...DoctorChangeRequestsRepository.openListSql(after, CHANGE_REQUESTS_MAX_ROWS + 1),
        subjectOf: (r) => r.doctorId,
      },
    );
    const page = rows.slice(0, CHANGE_REQUESTS_MAX_ROWS);
    const last = page.at(-1);
    return {
      items: page.map((r) => toChangeRequest(r, { name: r.doctorName, uid: r.uid })),
      nextCursor:
        rows.length > CHANGE_REQUESTS_MAX_ROWS && last
          ? encodeCursor(scope, { at: last.keysetAt, id: last.id })
          : null,
    };
  }

  /**
   * Approves or rejects (with a reason) a doctor's open change request, on the version the admin
   * reviewed (409 when the doctor edited it since, or it is decided already; 403 on one's own). Approval
   * writes the requested values on the doctor's record; a rejection keeps the approved ones. Audited
   * with the real outcome; the doctor hears of it in the bell and by e-mail.
   */
  async decideChange(
    caller: Caller,
    requestId: string,
    version: number,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<DoctorChangeRequest> {
    const action: AuditAction = decision.approve ? 'doctor.change.approve' : 'doctor.change.reject';
    const doctorId = await this.changes.doctorIdOf(requestId);
    const target = (detail: string) => ({
      action,
      resourceType: 'doctor' as const,
      resourceId: doctorId,
      detail: `change request ${requestId}${detail}`,
    });
    const refuse = async (status: number, message: string, detail: string): Promise<never> => {
      await this.audit.recordFor(
        caller,
        status === 403 ? 'denied' : status === 404 ? 'not_found' : 'rejected',
        target(`, ${detail}`),
      );
      throw new ApiException(status, message);
    };
    if (!doctorId) return refuse(404, MESSAGES.notFound, 'no such request');
    const reviewer = await this.users.findByFirebaseUid(caller.uid);
    // The doctor row first, then the request: the order the doctor's own edit locks them in.
    const result = await this.doctors.withDoctorLock(doctorId, async (doctor, m) => {
      const request = await this.changes.lockById(m, requestId);
      if (!doctor || !request) return { error: [404, MESSAGES.notFound, 'no such request'] as const };
      if (reviewer && doctor.userId === reviewer.id) {
        return { error: [403, MESSAGES.forbidden, 'own request'] as const };
      }
      if (request.version !== version) {
        const seen = `version ${version} seen, ${request.version} current`;
        return { error: [409, MESSAGES.changeRequestChanged, seen] as const };
      }
      if (request.status !== 'pending') {
        return { error: [409, MESSAGES.changeRequestAlreadyDecided, `status ${request.status}`] as const };
      }
      if (decision.approve) {
        const to = request.changes;
        Object.assign(doctor, {
          ...(to.specialty && { specialty: to.specialty.to as string }),
          ...(to.subSpecialties && { subSpecialties: (to.subSpecialties.to as string[] | null) ?? [] }),
          ...(to.licenseNumber && { licenseNumber: to.licenseNumber.to as string | null }),
          version: doctor.version + 1,
        } satisfies Partial<DoctorEntity>);
        await this.doctors.save(m, doctor);
      }
      Object.assign(request, {
        status: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? null : decision.reason,
        decidedBy: reviewer?.id ?? null,
        decidedAt: await this.changes.now(m),
        version: request.version + 1,
      } satisfies Partial<DoctorChangeRequestEntity>);
      const saved = await this.changes.save(m, request);
      return { request: await this.changes.withDoctor(saved, m) };
    });
    if ('error' in result && result.error) {
      const [status, message, detail] = result.error;
      return refuse(status, message, detail);
    }
    await this.audit.recordFor(
      caller,
      'allowed',
      target(decision.approve ? '' : `, ${REJECTION_DETAIL}${decision.reason}`),
    );
    // After the decision committed: the doctor hears of it by e-mail (the bell reads the request).
    await this.mail.enqueue([
      {
        kind: 'change-request.decided',
        requestId,
        doctorId,
        decision: decision.approve ? 'approved' : 'rejected',
        audience: 'applicant',
      },
    ]);
    return result.request!;
  }

  /**
   * `GET /api/admin/patients?email=`: the patient an e-mail names, so that the admin's record lookup
   * takes an e-mail as well as a uid. Only who it is (uid, name), no health data; audited either way.
   */
  async findPatient(caller: Caller, email: string): Promise<PatientLookupResult> {
    const found = await this.adminReads.patientByEmail(email);
    await this.audit.recordFor(caller, found ? 'allowed' : 'not_found', {
      action: 'user.read',
      // As the role guard names the route's refusals (its `patients` segment).
      resourceType: 'profile',
      resourceId: found?.uid ?? null,
      detail: 'patient by e-mail',
    });
    if (!found) throw new ApiException(404, MESSAGES.accessLookupNotFound);
    return found;
  }

  /**
   * A page of a doctor's upcoming appointments, for follow-up, soonest first (FOLLOW_UP_MAX_ROWS a
   * page); one audit row per appointment, in the read.
   */
  async upcoming(caller: Caller, doctorId: string, cursor?: string): Promise<FollowUpPage> {
    // One doctor's list: another doctor's cursor is refused.
    const scope = { list: 'follow-up', doctorId };
    const after = pageAfter(cursor, scope, CURSOR_POSITIONS.timeAndId);
    const rows = await this.audit.queryWithSubjectAudit<{
      id: string;
      startsAt: Date | string;
      status: string;
      patientName: string;
      timeZone: string;
      keysetAt: string;
    }>(
      auditEntry(caller, 'allowed', {
        action: 'list',
        resourceType: 'appointment',
        resourceId: null,
        detail: `doctor ${doctorId}`,
      }),
      {
        ...AdminRepository.upcomingSql(doctorId, after, FOLLOW_UP_MAX_ROWS + 1),
        subjectOf: (r) => r.id,
      },
    );
    const page = rows.slice(0, FOLLOW_UP_MAX_ROWS);
    const last = page.at(-1);
    return {
      items: page.map(({ keysetAt: _keysetAt, ...r }) => ({
        ...r,
        startsAt: new Date(r.startsAt).toISOString(),
      })),
      nextCursor:
        rows.length > FOLLOW_UP_MAX_ROWS && last
          ? encodeCursor(scope, { at: last.keysetAt, id: last.id })
          : null,
    };
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
    action: 'doctor.approve' | 'doctor.reject' | 'doctor.reopen' | 'doctor.suspend' | 'doctor.reinstate',
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
    const reviewer = await this.users.findByFirebaseUid(caller.uid);
    const result = await this.doctors.withDoctorLock(doctorId, async (row, m) => {
      if (!row || !row.onboardingCompleted)
        return { error: [404, MESSAGES.notFound, 'no submitted application'] as const };
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
      const saved = await this.doctors.saveReview(m, row, reviewer?.id ?? null, outcome.credentials);
      return { record: toDoctorRecord(saved.doctor, saved.uid), detail: outcome.detail };
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
