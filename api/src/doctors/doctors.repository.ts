import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CredentialRecord, DoctorRecord } from '@medora/shared';
import type { CredentialEntity } from '../credentials/credential.entity.js';
import { leanQuery } from '../common/lean-query.js';
import { approvedDoctorSql } from '../common/sql-rules.js';
import { DoctorEntity, type DoctorSchedule } from './doctor.entity.js';
import { DOCTORS_WITH_CONTEXT_SQL, type DoctorWithContextRow } from './doctors.queries.js';

/** A doctors row as its owner and admins read it (spec §3 Doctor application record). */
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

/** A bookable doctor's public columns (schedule as stored). */
export interface PublicDoctorRow {
  id: string;
  name: string;
  specialty: string;
  clinic: string;
  timeZone: string;
  schedule: DoctorSchedule | null;
}

/** Data access for doctors (the applications' SQL still sits in DoctorApplicationsService). */
@Injectable()
export class DoctorsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Approved, available doctors open to new patients, by name. */
  listPublic(): Promise<PublicDoctorRow[]> {
    return (
      this.ds
        .createQueryBuilder()
        .select([
          'd.id AS id',
          'd.name AS name',
          'd.specialty AS specialty',
          'd.clinic AS clinic',
          'd.time_zone AS "timeZone"',
          'd.schedule AS schedule',
        ])
        .from(DoctorEntity, 'd')
        .where(approvedDoctorSql('d'))
        .andWhere('d.is_available = true')
        // Anonymous: nobody here has booked before, so a doctor closed to new patients is not listed.
        .andWhere('d.accepting_new_patients = true')
        .orderBy('d.name', 'ASC')
        .getRawMany<PublicDoctorRow>()
    );
  }

  /** DOCTORS_WITH_CONTEXT_SQL on the lean path (a benchmarked read). */
  listWithContext(params: unknown[]): Promise<DoctorWithContextRow[]> {
    return leanQuery<DoctorWithContextRow>(this.ds, DOCTORS_WITH_CONTEXT_SQL, params);
  }
}
