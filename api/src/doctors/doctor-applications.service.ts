import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  CONTENT_TYPES,
  CREDENTIAL_FILE_TYPES,
  MESSAGES,
  REQUIRED_CREDENTIAL_TYPES,
  detectFileType,
  issuingOrganizationFor,
  sanitizeFileName,
  type CreateDoctorInput,
  type CredentialMetadataInput,
  type CredentialRecord,
  type DoctorRecordResponse,
} from '@medora/shared';
import { AccessPolicy, type AuditTarget } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CredentialEntity, CredentialFileEntity } from '../credentials/credential.entity.js';
import { DoctorEntity } from './doctor.entity.js';
import { toCredentialRecord, toDoctorRecord } from './doctors.repository.js';
import { assertDatabaseTimeZone } from '../common/database-time-zone.js';

/** Documents one application may hold (resubmissions included). */
export const MAX_CREDENTIALS = 30;

const isDoctorRole = (caller: Caller) => caller.role === 'doctor' || caller.role === 'provider';

/**
 * The doctor application (spec §4 Doctor application): the applicant writes their record and
 * credentials; the status fields are the server's (approval happens in the admin module only).
 */
@Injectable()
export class DoctorApplicationsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly access: AccessPolicy,
  ) {}

  /** `GET /api/doctors/:uid`: the owner or an admin; 404 when the account has no doctor record. */
  async get(caller: Caller, uid: string): Promise<DoctorRecordResponse> {
    await this.access.assertCanAccess(caller, uid, {
      allow: ['admin'],
      audit: { action: 'doctor.read', resourceType: 'doctor', resourceId: uid },
      auditOwner: false,
    });
    const row = await this.findByUid(this.ds.manager, uid);
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    return { exists: true, data: toDoctorRecord(row, uid) };
  }

  /**
   * `POST /api/doctors`: creates or replaces the caller's application. The server sets
   * verificationStatus pending, isAvailable false, credentialsVerified false, documentsSubmitted and
   * onboardingCompleted true (spec §4); an approved doctor cannot resubmit (409).
   *
   * Issue 13 §3: the degree, licence and identity documents must be uploaded first (400); a
   * resubmission after a rejection marks the documents the rejection was about superseded, so the
   * new ones must be uploaded again; every submission raises the version an admin decides on.
   */
  async submit(caller: Caller, input: CreateDoctorInput): Promise<DoctorRecordResponse> {
    await this.assertApplicant(caller, input.uid, {
      action: 'doctor.apply',
      resourceType: 'doctor',
      resourceId: input.uid,
    });
    const d = input.data;
    if (d.timeZone) await assertDatabaseTimeZone(this.ds, d.timeZone);
    return this.ds.transaction(async (m) => {
      const row = await this.ensureRow(m, caller);
      if (row.verificationStatus === 'approved' && row.onboardingCompleted) {
        throw new ApiException(409, MESSAGES.applicationApproved);
      }
      if (row.verificationStatus === 'rejected' && row.onboardingCompleted && row.reviewedAt) {
        // Documents that existed when the application was rejected belong to that decision.
        await m.query(
          `UPDATE credentials SET superseded_at = now()
            WHERE doctor_id = $1 AND superseded_at IS NULL AND date_trunc('milliseconds', created_at) <= $2`,
          [row.id, row.reviewedAt],
        );
      }
      const [present] = await m.query<{ types: string[] }[]>(
        `SELECT COALESCE(array_agg(DISTINCT type), '{}') AS types FROM credentials
          WHERE doctor_id = $1 AND superseded_at IS NULL`,
        [row.id],
      );
      if (!REQUIRED_CREDENTIAL_TYPES.every((type) => present?.types.includes(type))) {
        throw new ApiException(400, MESSAGES.doctorDocumentsRequired);
      }
      const subSpecialties = Array.isArray(d.subSpecialties)
        ? d.subSpecialties.filter(Boolean)
        : (d.subSpecialties ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
      Object.assign(row, {
        name: d.name,
        email: caller.email ?? d.email ?? null,
        phone: d.phone,
        gender: d.gender,
        dob: d.dob,
        specialty: d.specialty,
        subSpecialties,
        qualification: d.qualification,
        experience: d.experience,
        licenseNumber: d.licenseNumber,
        npiNumber: d.npiNumber || null,
        bio: d.bio || null,
        clinic: d.clinic,
        clinicAddress: d.clinicAddress,
        consultationFee: String(d.consultationFee),
        consultationDuration: d.consultationDuration,
        languages: d.languages.length ? d.languages : ['English'],
        acceptingNewPatients: d.acceptingNewPatients,
        timeZone: d.timeZone ?? row.timeZone,
        verificationStatus: 'pending',
        isAvailable: false,
        credentialsVerified: false,
        documentsSubmitted: true,
        onboardingCompleted: true,
        rejectionReason: null,
        reviewedAt: null,
        reviewedBy: null,
        version: row.version + 1,
      } satisfies Partial<DoctorEntity>);
      const saved = await m.getRepository(DoctorEntity).save(row);
      return { exists: true, data: toDoctorRecord(saved, caller.uid) };
    });
  }

  /**
   * `POST /api/doctors/:uid/credentials`, one call per document. With a file the bytes must be a PDF,
   * JPEG or PNG by content; without one (the spec's JSON body) only the metadata is kept. The issuing
   * organisation follows the type (spec §3), whatever the client sends.
   */
  async addCredential(
    caller: Caller,
    uid: string,
    meta: CredentialMetadataInput,
    file?: { fileName: string; bytes: Buffer },
  ): Promise<CredentialRecord> {
    // Audited by the route, before the upload is read (DoctorsController.addCredential).
    await this.assertApplicant(caller, uid);
    let contentType: string | null = null;
    if (file) {
      const detected = detectFileType(file.bytes, sanitizeFileName(file.fileName));
      if (!detected || !CREDENTIAL_FILE_TYPES.includes(detected)) {
        throw new ApiException(400, MESSAGES.credentialTypeInvalid, { file: MESSAGES.credentialTypeInvalid });
      }
      contentType = CONTENT_TYPES[detected];
    }
    return this.ds.transaction(async (m) => {
      const doctor = await this.ensureRow(m, caller);
      if (doctor.verificationStatus === 'approved' && doctor.onboardingCompleted) {
        throw new ApiException(409, MESSAGES.applicationApproved);
      }
      const repo = m.getRepository(CredentialEntity);
      // Each file may be 10 MB: cap what one application can store.
      if ((await repo.countBy({ doctorId: doctor.id })) >= MAX_CREDENTIALS) {
        throw new ApiException(400, MESSAGES.tooManyCredentials);
      }
      const row = await repo.save(
        repo.create({
          doctorId: doctor.id,
          type: meta.type,
          documentName: sanitizeFileName(file?.fileName ?? meta.documentName),
          issuingOrganization: issuingOrganizationFor(meta.type),
          verificationStatus: 'pending',
          contentType,
          size: file ? file.bytes.length : null,
        }),
      );
      if (file)
        await m.getRepository(CredentialFileEntity).insert({ credentialId: row.id, bytes: file.bytes });
      // A new document changes what an admin reviews: a decision on the older version must fail.
      await m.query(`UPDATE doctors SET version = version + 1 WHERE id = $1`, [doctor.id]);
      return toCredentialRecord(row, Boolean(file));
    });
  }

  /**
   * Only the account itself, as a doctor or provider, applies (an admin reviews, never applies). With
   * `target`, audited either way (issue 13); without, only a refusal is.
   */
  async assertApplicant(caller: Caller, uid: string, target?: AuditTarget): Promise<void> {
    const refusal =
      uid !== caller.uid ? MESSAGES.uidMismatch : !isDoctorRole(caller) ? MESSAGES.forbidden : null;
    if (refusal || target) await this.access.audit(caller, refusal ? 'denied' : 'allowed', target);
    if (refusal) throw new ApiException(403, refusal);
  }

  /** The audit target of one credential upload into `uid`'s application. */
  static credentialUpload(uid: string): AuditTarget {
    return {
      action: 'credential.upload',
      resourceType: 'credential',
      resourceId: null,
      detail: `doctor ${uid}`,
    };
  }

  private async findByUid(m: EntityManager, uid: string): Promise<DoctorEntity | null> {
    return m
      .getRepository(DoctorEntity)
      .createQueryBuilder('d')
      .innerJoin('users', 'u', 'u.id = d.user_id')
      .where('u.firebase_uid = :uid', { uid })
      .getOne();
  }

  /** The caller's doctor row, locked; a draft (onboarding not completed) when there is none yet. */
  private async ensureRow(m: EntityManager, caller: Caller): Promise<DoctorEntity> {
    await m.query(
      `INSERT INTO doctors (user_id, name, email, specialty, clinic, onboarding_completed)
       SELECT u.id, COALESCE(u.email, ''), u.email, '', '', false FROM users u WHERE u.firebase_uid = $1
       ON CONFLICT (user_id) DO NOTHING`,
      [caller.uid],
    );
    const row = await m
      .getRepository(DoctorEntity)
      .createQueryBuilder('d')
      .setLock('pessimistic_write')
      .innerJoin('users', 'u', 'u.id = d.user_id')
      .where('u.firebase_uid = :uid', { uid: caller.uid })
      .getOne();
    if (!row) throw new ApiException(403, MESSAGES.forbidden);
    return row;
  }
}
