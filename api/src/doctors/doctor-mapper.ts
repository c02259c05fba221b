import type { CredentialRecord, DoctorRecord } from '@medora/shared';
import type { CredentialEntity } from '../credentials/credential.entity.js';
import type { DoctorEntity } from './doctor.entity.js';

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
