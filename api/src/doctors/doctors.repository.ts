import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  MESSAGES,
  type CredentialRecord,
  type CredentialType,
  type DoctorRecord,
} from '@medora/shared';
import { CredentialEntity, CredentialFileEntity } from '../credentials/credential.entity.js';
import { ApiException } from '../common/http-exception.filter.js';
import { KEYSET_TIME_SQL, type KeysetPosition } from '../common/keyset-cursor.js';
import {
  storedFileColumns,
  storedFileOf,
  type StoredFile,
  type StoredFileRow,
} from '../storage/object-store.js';
import { camelizeRow } from '../common/sql-rows.js';
import { approvedDoctorSql } from '../appointments/appointment-sql.rules.js';
import { DoctorEntity, type DoctorSchedule, type VerificationStatus } from './doctor.entity.js';

/** A doctors row as its owner and admins read it (`DoctorRecord` in `@medora/shared`). */
export function toDoctorRecord(row: DoctorEntity, uid: string | null): DoctorRecord {
  return {
    id: row.id,
    uid,
    email: row.email,
    name: row.name,
    phone: row.phone,
    gender: row.gender,
    dob: row.dob,
    specialty: row.specialty,
    subSpecialties: row.subSpecialties ?? [],
    qualification: row.qualification,
    experience: row.experience,
    licenseNumber: row.licenseNumber,
    npiNumber: row.npiNumber,
    bio: row.bio,
    clinic: row.clinic,
    clinicAddress: row.clinicAddress,
    consultationFee: Number(row.consultationFee),
    consultationDuration: row.consultationDuration,
    languages: row.languages ?? [],
    acceptingNewPatients: row.acceptingNewPatients,
    verificationStatus: row.verificationStatus,
    isAvailable: row.isAvailable,
    credentialsVerified: row.credentialsVerified,
    documentsSubmitted: row.documentsSubmitted,
    onboardingCompleted: row.onboardingCompleted,
    rejectionReason: row.rejectionReason,
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    timeZone: row.timeZone,
    schedule: {
      availableDays: row.schedule?.availableDays ?? [],
      timeSlots: row.schedule?.timeSlots ?? {},
    },
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    suspension:
      row.suspendedAt && row.suspensionReason !== null
        ? { at: row.suspendedAt.toISOString(), reason: row.suspensionReason }
        : null,
  };
}

export function toCredentialRecord(row: CredentialEntity, hasFile: boolean): CredentialRecord {
  return {
    id: row.id,
    supersededAt: row.supersededAt ? row.supersededAt.toISOString() : null,
    type: row.type,
    documentName: row.documentName,
    issuingOrganization: row.issuingOrganization,
    verificationStatus: row.verificationStatus,
    contentType: row.contentType,
    size: row.size,
    hasFile,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's own approved doctor record, as the provider dashboard starts from it. */
export interface ApprovedDoctorRow {
  id: string;
  userId: string;
  timeZone: string;
}

/** A submitted application with its account's uid (null when the account link is gone). */
export interface ApplicationRow {
  doctor: DoctorEntity;
  uid: string | null;
}

/** A credential with whether its bytes were uploaded (the admin's review list). */
/** A credential as its list reads it: whether it has a file, and where it sits in the list's order. */
export type CredentialWithFileRow = CredentialEntity & { hasFile: boolean; keysetAt: string };

/** A credential's file with what the download needs (no bytes: `credentialBytes` reads them). */
export interface CredentialFileRow {
  documentName: string;
  contentType: string | null;
  doctorId: string;
}

/** A new credential's columns (the server decides status and organisation). */
export type NewCredential = Pick<
  CredentialEntity,
  'doctorId' | 'type' | 'documentName' | 'issuingOrganization' | 'contentType' | 'size' | 'contentHash'
>;

/**
 * Data access for the doctors aggregate: doctor records, their applications and credentials (with the
 * credential files). Write paths that span statements take the transaction's EntityManager from the
 * `with…` methods, as the appointments repository does.
 */
@Injectable()
export class DoctorsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The approved, onboarded doctor record linked to the account `uid`, if any. */
  async findApprovedByUid(uid: string): Promise<ApprovedDoctorRow | null> {
    const rows = await this.ds.query<ApprovedDoctorRow[]>(
      `SELECT d.id, d.user_id AS "userId", d.time_zone AS "timeZone" FROM doctors d
         JOIN users u ON u.id = d.user_id
        WHERE u.firebase_uid = $1 AND ${approvedDoctorSql('d')} AND d.onboarding_completed`,
      [uid],
    );
    return rows[0] ?? null;
  }

  /** The doctor record linked to the account `uid` (any status), if any. */
  findByUid(uid: string, m: EntityManager = this.ds.manager): Promise<DoctorEntity | null> {
    return m
      .getRepository(DoctorEntity)
      .createQueryBuilder('d')
      .innerJoin('users', 'u', 'u.id = d.user_id')
      .where('u.firebase_uid = :uid', { uid })
      .getOne();
  }

  findById(id: string): Promise<DoctorEntity> {
    return this.ds.getRepository(DoctorEntity).findOneByOrFail({ id });
  }

  /** Replaces a doctor's weekly schedule and clinic zone. */
  async updateSchedule(id: string, schedule: DoctorSchedule, timeZone: string): Promise<void> {
    await this.ds.getRepository(DoctorEntity).update({ id }, { schedule, timeZone });
  }

  /**
   * 400 unless Postgres knows the clinic zone: the queries convert with `AT TIME ZONE`,
   * and a zone only Node knows ('US/Pacific-New') would make every one of them fail.
   */
  async assertKnownTimeZone(timeZone: string): Promise<void> {
    const rows = await this.ds.query<unknown[]>(`SELECT 1 FROM pg_timezone_names WHERE name = $1`, [
      timeZone,
    ]);
    if (rows.length === 0) {
      throw new ApiException(400, MESSAGES.timeZoneUnsupported, { timeZone: MESSAGES.timeZoneUnsupported });
    }
  }

  /**
   * Accounts' doctor records that count on the admin dashboard, by verification status, with how many
   * of each are suspended (a suspended doctor stays approved but is on the desk's Suspended tab).
   */
  countListedByStatus(): Promise<{ key: VerificationStatus; n: string; suspended: string }[]> {
    return this.ds.query(
      `SELECT verification_status AS key, count(*) AS n, count(suspended_at) AS suspended FROM doctors
        WHERE onboarding_completed OR seed_key IS NOT NULL GROUP BY verification_status`,
    );
  }

  /**
   * The credentials of the doctors `ids` (oldest first) with whether each has a file, as a statement
   * for the caller to run audited (`AuditService.queryWithAuditMany`); rows through `toCredentialRow`.
   */
  static credentialsOfSql(
    ids: string[],
    page: { after: KeysetPosition | null; rows: number } | null = null,
  ): { sql: string; params: unknown[] } {
    return {
      sql: `SELECT c.*, EXISTS (SELECT 1 FROM credential_files f WHERE f.credential_id = c.id) AS has_file,
                   ${KEYSET_TIME_SQL('c.created_at')} AS keyset_at
              FROM credentials c WHERE c.doctor_id = ANY($1::uuid[])
               AND ($2::timestamptz IS NULL OR (c.created_at, c.id) > ($2::timestamptz, $3::uuid))
             ORDER BY c.created_at, c.id ${page ? 'LIMIT $4' : ''}`,
      params: [ids, page?.after?.at ?? null, page?.after?.id ?? null, ...(page ? [page.rows] : [])],
    };
  }

  /** A raw row of `credentialsOfSql`. */
  static toCredentialRow(raw: Record<string, unknown>): CredentialWithFileRow {
    const row = camelizeRow<CredentialWithFileRow>(raw);
    return {
      ...row,
      createdAt: new Date(row.createdAt),
      supersededAt: row.supersededAt ? new Date(row.supersededAt) : null,
    };
  }

  async credentialFile(credentialId: string): Promise<CredentialFileRow | null> {
    const rows = await this.ds.query<CredentialFileRow[]>(
      `SELECT c.document_name AS "documentName", c.content_type AS "contentType", c.doctor_id AS "doctorId"
         FROM credentials c JOIN credential_files f ON f.credential_id = c.id WHERE c.id = $1`,
      [credentialId],
    );
    return rows[0] ?? null;
  }

  /** Where a credential's bytes are (and the bytes of a Postgres-kept one): after the access check. */
  async credentialBytes(credentialId: string): Promise<StoredFile | null> {
    const rows = await this.ds.query<StoredFileRow[]>(
      `SELECT storage, object_key AS "objectKey", bytes FROM credential_files WHERE credential_id = $1`,
      [credentialId],
    );
    return rows[0] ? storedFileOf(rows[0]) : null;
  }

  /** Runs `work` in one transaction with the doctor row `id` locked (null when there is none). */
  withDoctorLock<T>(
    id: string,
    work: (row: DoctorEntity | null, m: EntityManager) => Promise<T>,
  ): Promise<T> {
    return this.ds.transaction(async (m) => {
      const row = await m
        .getRepository(DoctorEntity)
        .createQueryBuilder('d')
        .setLock('pessimistic_write')
        .where('d.id = :id', { id })
        .getOne();
      return work(row, m);
    });
  }

  /**
   * Saves a review step of the locked `row`: reviewed now (the database clock, so a later
   * resubmission can tell which documents the decision covered) by `reviewerId`, version + 1; the
   * current credentials take `credentialStatus`. Returns the saved row and its account's uid.
   */
  async saveReview(
    m: EntityManager,
    row: DoctorEntity,
    reviewerId: string | null,
    credentialStatus: string,
  ): Promise<ApplicationRow> {
    const [{ now }] = await m.query<{ now: Date }[]>(`SELECT now() AS now`);
    Object.assign(row, {
      reviewedAt: now,
      reviewedBy: reviewerId,
      version: row.version + 1,
    } satisfies Partial<DoctorEntity>);
    const doctor = await m.getRepository(DoctorEntity).save(row);
    await m.query(
      `UPDATE credentials SET verification_status = $2 WHERE doctor_id = $1 AND superseded_at IS NULL`,
      [row.id, credentialStatus],
    );
    const [owner] = row.userId
      ? await m.query<{ firebase_uid: string }[]>(`SELECT firebase_uid FROM users WHERE id = $1`, [
          row.userId,
        ])
      : [];
    return { doctor, uid: owner?.firebase_uid ?? null };
  }

  /**
   * Runs `work` in one transaction on the account `uid`'s doctor row, locked; a draft (onboarding not
   * completed) is created first when there is none. `work` gets null when the account has no users
   * row.
   */
  withApplicantLock<T>(
    uid: string,
    work: (row: DoctorEntity | null, m: EntityManager) => Promise<T>,
  ): Promise<T> {
    return this.ds.transaction(async (m) => {
      await m.query(
        `INSERT INTO doctors (user_id, name, email, specialty, clinic, onboarding_completed)
         SELECT u.id, COALESCE(u.email, ''), u.email, '', '', false FROM users u WHERE u.firebase_uid = $1
         ON CONFLICT (user_id) DO NOTHING`,
        [uid],
      );
      const row = await m
        .getRepository(DoctorEntity)
        .createQueryBuilder('d')
        .setLock('pessimistic_write')
        .innerJoin('users', 'u', 'u.id = d.user_id')
        .where('u.firebase_uid = :uid', { uid })
        .getOne();
      return work(row, m);
    });
  }

  save(m: EntityManager, row: DoctorEntity): Promise<DoctorEntity> {
    return m.getRepository(DoctorEntity).save(row);
  }

  /** Supersedes the doctor's current documents of `type` (a new file of a one-of type replaces them). */
  async supersedeCurrentOfType(m: EntityManager, doctorId: string, type: CredentialType): Promise<void> {
    await m.query(
      `UPDATE credentials SET superseded_at = now()
        WHERE doctor_id = $1 AND type = $2 AND superseded_at IS NULL`,
      [doctorId, type],
    );
  }

  /** A resubmission puts the documents it keeps back under review (they carried the last decision). */
  async resetCurrentCredentials(m: EntityManager, doctorId: string): Promise<void> {
    await m.query(
      `UPDATE credentials SET verification_status = 'pending' WHERE doctor_id = $1 AND superseded_at IS NULL`,
      [doctorId],
    );
  }

  /** The types of the doctor's current (not superseded) documents that hold a file. */
  async currentCredentialTypes(m: EntityManager, doctorId: string): Promise<CredentialType[]> {
    // Only documents with their bytes: a metadata-only row (the spec's JSON body) proves nothing.
    const [present] = await m.query<{ types: CredentialType[] }[]>(
      `SELECT COALESCE(array_agg(DISTINCT c.type), '{}') AS types FROM credentials c
        WHERE c.doctor_id = $1 AND c.superseded_at IS NULL
          AND EXISTS (SELECT 1 FROM credential_files f WHERE f.credential_id = c.id)`,
      [doctorId],
    );
    return present?.types ?? [];
  }

  /**
   * The doctor's current (not superseded) document of `type` with these bytes (by
   * SHA-256), if one was uploaded already: a retried upload returns it instead of storing it twice.
   */
  findCurrentCredentialByHash(
    m: EntityManager,
    doctorId: string,
    type: CredentialType,
    contentHash: string,
  ): Promise<CredentialEntity | null> {
    return m
      .getRepository(CredentialEntity)
      .createQueryBuilder('c')
      .where('c.doctor_id = :doctorId AND c.type = :type AND c.content_hash = :contentHash', {
        doctorId,
        type,
        contentHash,
      })
      .andWhere('c.superseded_at IS NULL')
      .getOne();
  }

  countCredentials(m: EntityManager, doctorId: string): Promise<number> {
    return m.getRepository(CredentialEntity).countBy({ doctorId });
  }

  /**
   * Stores a credential (and its bytes, when given) and raises the doctor's version: a new document
   * changes what an admin reviews, so a decision on the older version must fail.
   */
  async insertCredential(
    m: EntityManager,
    values: NewCredential,
    file?: StoredFile,
  ): Promise<CredentialEntity> {
    const repo = m.getRepository(CredentialEntity);
    const row = await repo.save(repo.create({ ...values, verificationStatus: 'pending' }));
    if (file) {
      const [storage, objectKey, bytes] = storedFileColumns(file);
      await m
        .getRepository(CredentialFileEntity)
        .insert({ credentialId: row.id, stored: { storage, objectKey, bytes } });
    }
    await m.query(`UPDATE doctors SET version = version + 1 WHERE id = $1`, [values.doctorId]);
    return row;
  }

  /**
   * Gives the account `userId` the name of its doctor application when it has none yet (the settings
   * page's "Full name"); a name the owner set stays.
   */
  async fillAccountName(m: EntityManager, userId: string, name: string): Promise<void> {
    await m.query(`UPDATE users SET name = $2 WHERE id = $1 AND COALESCE(name, '') = ''`, [
      userId,
      name.trim().slice(0, ACCOUNT_NAME_MAX_LENGTH),
    ]);
  }

  /**
   * The approved demo doctor record of a local demo account (`seedKey` identifies it), linked to
   * the users row `userId`; created or brought back to approved.
   */
  async upsertDemoDoctor(seedKey: string, userId: string, name: string, email: string): Promise<void> {
    await this.ds.query(
      `INSERT INTO doctors (seed_key, user_id, name, email, specialty, clinic,
                            verification_status, is_available, onboarding_completed, credentials_verified)
       VALUES ($1, $2, $3, $4, 'General Medicine', 'Medora Demo Clinic', 'approved', false, true, true)
       ON CONFLICT (seed_key) DO UPDATE SET user_id = EXCLUDED.user_id,
         verification_status = 'approved', onboarding_completed = true, credentials_verified = true,
         updated_at = now()`,
      [seedKey, userId, name, email],
    );
    await this.fillAccountName(this.ds.manager, userId, name);
  }

  /**
   * Lets patients book a demo account's doctor record (booking needs `is_available`). Only the local
   * demo data calls it, once it has given the record weekly hours; with hours the doctor is listed too.
   */
  async makeDemoDoctorAvailable(seedKey: string): Promise<void> {
    await this.ds.query(
      `UPDATE doctors SET is_available = true, updated_at = now() WHERE seed_key = $1 AND NOT is_available`,
      [seedKey],
    );
  }
}
