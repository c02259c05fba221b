import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CONTENT_TYPES,
  CREDENTIAL_FILE_TYPES,
  MESSAGES,
  REQUIRED_CREDENTIAL_TYPES,
  SINGLE_CREDENTIAL_TYPES,
  foreignSubSpecialties,
  detectFileType,
  formatMessage,
  issuingOrganizationFor,
  sanitizeFileName,
  type CreateDoctorInput,
  type CredentialMetadataInput,
  type CredentialRecord,
  type DoctorChangeRequestResponse,
  type DoctorProfileResponse,
  type DoctorProfileUpdate,
  type DoctorRecordResponse,
  isClinicianRole,
  isApprovedApplication,
} from '@medora/shared';
import { AccessPolicy, type AccessOptions, type AuditTarget } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import type { UploadStream } from '../common/multipart.js';
import { FileStore } from '../storage/file-store.js';
import type { StoredFile } from '../storage/object-store.js';
import type { DoctorEntity } from './doctor.entity.js';
import type { ChangeRequestChanges, DoctorChangeRequestEntity } from './doctor-change-request.entity.js';
import { DoctorChangeRequestsRepository } from './doctor-change-requests.repository.js';
import { DoctorsRepository, toCredentialRecord, toDoctorRecord } from './doctors.repository.js';

/** Documents one application may hold (resubmissions included). */
export const MAX_CREDENTIALS = 30;

/**
 * The doctor application (docs/product.md#doctor-applications-and-verification): the applicant writes their
 * record and credentials; the status fields are the server's (approval happens in the admin module only).
 */
@Injectable()
export class DoctorApplicationsService {
  constructor(
    private readonly doctors: DoctorsRepository,
    private readonly access: AccessPolicy,
    private readonly files: FileStore,
    private readonly changes: DoctorChangeRequestsRepository,
  ) {}

  /** `GET /api/doctors/:uid`: the owner or an admin; 404 when the account has no doctor record. */
  get(caller: Caller, uid: string): Promise<DoctorRecordResponse> {
    const options = {
      allow: ['adminAccount'],
      audit: { action: 'doctor.read', resourceType: 'doctor', resourceId: uid },
      auditOwner: false,
    } satisfies AccessOptions;
    return this.access.withAccess(caller, uid, options, async () => {
      const row = await this.doctors.findByUid(uid);
      if (!row) throw new ApiException(404, MESSAGES.notFound);
      return { exists: true, data: toDoctorRecord(row, uid) };
    });
  }

  /**
   * `POST /api/doctors`: creates or replaces the caller's application. The server sets
   * verificationStatus pending, isAvailable false, credentialsVerified false, documentsSubmitted and
   * onboardingCompleted true; an approved doctor cannot resubmit (409).
   *
   * The degree, licence and identity documents must be uploaded first (400); a
   * resubmission after a rejection marks the documents the rejection was about superseded, so the
   * new ones must be uploaded again; every submission raises the version an admin decides on.
   */
  async submit(caller: Caller, input: CreateDoctorInput): Promise<DoctorRecordResponse> {
    const target: AuditTarget = { action: 'doctor.apply', resourceType: 'doctor', resourceId: input.uid };
    return this.withApplicant(caller, input.uid, target, () => this.submitChecked(caller, input));
  }

  private async submitChecked(caller: Caller, input: CreateDoctorInput): Promise<DoctorRecordResponse> {
    const d = input.data;
    if (d.timeZone) await this.doctors.assertKnownTimeZone(d.timeZone);
    return this.doctors.withApplicantLock(caller.uid, async (locked, m) => {
      const row = this.applicantRow(locked);
      // A resubmission keeps the documents it did not replace (docs/product.md#credentials): they
      // are under review again with it.
      if (row.verificationStatus === 'rejected' && row.onboardingCompleted) {
        await this.doctors.resetCurrentCredentials(m, row.id);
      }
      const present = await this.doctors.currentCredentialTypes(m, row.id);
      if (!REQUIRED_CREDENTIAL_TYPES.every((type) => present.includes(type))) {
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
      const saved = await this.doctors.save(m, row);
      // The settings page shows the account's name: an applicant without one takes the application's.
      if (saved.userId) await this.doctors.fillAccountName(m, saved.userId, d.name);
      return { exists: true, data: toDoctorRecord(saved, caller.uid) };
    });
  }

  /**
   * `POST /api/doctors/:uid/credentials`, one call per document. With a file the bytes must be a PDF,
   * JPEG or PNG by content; without one (the spec's JSON body) only the metadata is kept. The issuing
   * organisation follows the type, whatever the client sends.
   */
  async addCredential(
    caller: Caller,
    uid: string,
    meta: CredentialMetadataInput,
    file?: UploadStream,
  ): Promise<CredentialRecord> {
    // Audited by the route, before the upload is read (DoctorsController.addCredential).
    await this.assertApplicant(caller, uid);
    let contentType: string | null = null;
    let stored: StoredFile | undefined;
    if (file) {
      const name = sanitizeFileName(file.fileName);
      const detected = detectFileType(file.head, name);
      if (!detected || !CREDENTIAL_FILE_TYPES.includes(detected)) {
        // The message names the file, so the applicant knows which one to replace.
        const message = formatMessage('credentialFileRefused', { name });
        throw new ApiException(400, message, { file: message });
      }
      contentType = CONTENT_TYPES[detected];
      stored = await this.files.put('credentials', uid, file, contentType);
    }
    // SHA-256 of the bytes, computed while they streamed into storage.
    const contentHash = file ? file.sha256() : null;
    let kept = false;
    try {
      return await this.doctors.withApplicantLock(caller.uid, async (locked, m) => {
        const doctor = this.applicantRow(locked);
        // The same file sent again (a retry, or a resubmission that keeps a document) is the current
        // document with the same type and bytes, not a new version (a unique index backs this).
        if (contentHash) {
          const existing = await this.doctors.findCurrentCredentialByHash(
            m,
            doctor.id,
            meta.type,
            contentHash,
          );
          if (existing) return toCredentialRecord(existing, true);
        }
        // Each file may be 10 MB: cap what one application can store.
        if ((await this.doctors.countCredentials(m, doctor.id)) >= MAX_CREDENTIALS) {
          throw new ApiException(400, MESSAGES.tooManyCredentials);
        }
        // A new file of a one-of type (degree, licence, …) replaces the current one; the earlier stays
        // on file as superseded, so the admin sees what changed.
        if ((SINGLE_CREDENTIAL_TYPES as readonly string[]).includes(meta.type)) {
          await this.doctors.supersedeCurrentOfType(m, doctor.id, meta.type);
        }
        const row = await this.doctors.insertCredential(
          m,
          {
            doctorId: doctor.id,
            type: meta.type,
            documentName: sanitizeFileName(file?.fileName ?? meta.documentName),
            issuingOrganization: issuingOrganizationFor(meta.type),
            contentType,
            size: file ? file.size : null,
            contentHash,
          },
          stored,
        );
        kept = true;
        return toCredentialRecord(row, Boolean(file));
      });
    } finally {
      // A refused or duplicate upload leaves no object behind.
      if (!kept) await this.files.discard(stored);
    }
  }

  /**
   * `PATCH /api/doctors/:uid/profile`, the approved doctor edits their own profile
   * (the owner only, audited through the access policy). The other fields save at once; a changed
   * licence number or specialty becomes the doctor's open change request
   * (docs/product.md#profile-change-requests): the approved values stay in force, the doctor stays
   * approved and bookable, until an admin decides.
   */
  async updateProfile(
    caller: Caller,
    uid: string,
    input: DoctorProfileUpdate,
  ): Promise<DoctorProfileResponse> {
    const target: AuditTarget = { action: 'doctor.profile.update', resourceType: 'doctor', resourceId: uid };
    if (!isClinicianRole(caller.role)) {
      await this.access.audit(caller, 'denied', target);
      throw new ApiException(403, MESSAGES.forbidden);
    }
    return this.access.withAccess(caller, uid, { audit: target }, () => this.updateOwnProfile(uid, input));
  }

  /** `GET /api/doctors/:uid/change-request`: the owner or an admin; the latest request, or null. */
  changeRequest(caller: Caller, uid: string): Promise<DoctorChangeRequestResponse> {
    const options = {
      // A doctor's record is account administration, not a patient's health data: no reason needed.
      allow: ['adminAccount'],
      audit: { action: 'doctor.read', resourceType: 'doctor', resourceId: uid },
      auditOwner: false,
    } satisfies AccessOptions;
    return this.access.withAccess(caller, uid, options, async () => {
      const row = await this.doctors.findByUid(uid);
      if (!row) throw new ApiException(404, MESSAGES.notFound);
      return { request: await this.changes.latestOf(row.id) };
    });
  }

  private updateOwnProfile(uid: string, input: DoctorProfileUpdate): Promise<DoctorProfileResponse> {
    return this.doctors.withApplicantLock(uid, async (row, m) => {
      if (!row || row.verificationStatus !== 'approved' || !row.onboardingCompleted) {
        throw new ApiException(403, MESSAGES.profileNotApproved);
      }
      const newSpecialty = input.specialty !== undefined && input.specialty !== row.specialty;
      // Sub-specialties belong to a specialty: with a new one they wait for its decision (none sent:
      // none kept); otherwise they are checked against the approved specialty and saved at once.
      const subSpecialties = input.subSpecialties ?? (newSpecialty ? [] : undefined);
      const against = newSpecialty ? input.specialty! : row.specialty;
      if (subSpecialties && foreignSubSpecialties(against, subSpecialties).length) {
        throw new ApiException(400, MESSAGES.subSpecialtyInvalid, {
          subSpecialties: MESSAGES.subSpecialtyInvalid,
        });
      }
      const open = await this.changes.openOf(m, row.id);
      const changes: ChangeRequestChanges = { ...(open?.changes ?? {}) };
      if (input.specialty !== undefined) {
        delete changes.specialty;
        delete changes.subSpecialties;
        if (newSpecialty) {
          changes.specialty = { from: row.specialty, to: input.specialty };
          const from = row.subSpecialties ?? [];
          const to = subSpecialties ?? [];
          // None before and none asked for is no change to review.
          if (from.length || to.length) changes.subSpecialties = { from, to };
        }
      }
      if (input.licenseNumber !== undefined) {
        delete changes.licenseNumber;
        if (input.licenseNumber !== row.licenseNumber) {
          changes.licenseNumber = { from: row.licenseNumber, to: input.licenseNumber };
        }
      }
      Object.assign(row, {
        ...(!newSpecialty && subSpecialties && { subSpecialties }),
        ...(input.bio !== undefined && { bio: input.bio || null }),
        ...(input.clinic !== undefined && { clinic: input.clinic }),
        ...(input.clinicAddress !== undefined && { clinicAddress: input.clinicAddress }),
        ...(input.consultationFee !== undefined && { consultationFee: String(input.consultationFee) }),
        ...(input.consultationDuration !== undefined && { consultationDuration: input.consultationDuration }),
        ...(input.languages !== undefined && { languages: input.languages }),
        ...(input.acceptingNewPatients !== undefined && { acceptingNewPatients: input.acceptingNewPatients }),
        version: row.version + 1,
      } satisfies Partial<DoctorEntity>);
      const saved = await this.doctors.save(m, row);
      const request = await this.saveChangeRequest(m, row.id, open, changes);
      return {
        data: toDoctorRecord(saved, uid),
        changeRequest: request ? await this.changes.withDoctor(request, m) : null,
      };
    });
  }

  /**
   * The doctor's one open request after an edit: created, or updated in place (a new version, so an
   * admin deciding on the earlier one gets a 409), or withdrawn when every field is back to the approved
   * value. Unchanged when the edit asked for what it already holds.
   */
  private async saveChangeRequest(
    m: EntityManager,
    doctorId: string,
    open: DoctorChangeRequestEntity | null,
    changes: ChangeRequestChanges,
  ): Promise<DoctorChangeRequestEntity | null> {
    const empty = Object.keys(changes).length === 0;
    if (!open) return empty ? null : this.changes.insert(m, doctorId, changes);
    if (empty) {
      await this.changes.remove(m, open);
      return null;
    }
    if (isDeepStrictEqual(open.changes, changes)) return open;
    Object.assign(open, { changes, version: open.version + 1 } satisfies Partial<DoctorChangeRequestEntity>);
    return this.changes.save(m, open);
  }

  /**
   * Only the account itself, as a doctor or provider, applies (an admin reviews, never applies). A
   * refusal is audited ('denied', naming `target` when given); what an allowed call then did is
   * audited by the caller, once it is known (`AccessPolicy.audited`).
   */
  async assertApplicant(caller: Caller, uid: string, target?: AuditTarget): Promise<void> {
    const refusal =
      uid !== caller.uid ? MESSAGES.uidMismatch : !isClinicianRole(caller.role) ? MESSAGES.forbidden : null;
    if (!refusal) return;
    await this.access.audit(caller, 'denied', target);
    throw new ApiException(403, refusal);
  }

  /** `assertApplicant`, then `work`, audited with what the caller got once it ran. */
  async withApplicant<T>(
    caller: Caller,
    uid: string,
    target: AuditTarget,
    work: () => Promise<T>,
  ): Promise<T> {
    await this.assertApplicant(caller, uid, target);
    return this.access.audited(caller, target, work);
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

  /** The locked applicant row (403 without a users row); 409 once the application is approved. */
  private applicantRow(row: DoctorEntity | null): DoctorEntity {
    if (!row) throw new ApiException(403, MESSAGES.forbidden);
    if (isApprovedApplication(row)) {
      throw new ApiException(409, MESSAGES.applicationApproved);
    }
    return row;
  }
}
