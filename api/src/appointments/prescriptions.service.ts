import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  CONTENT_TYPES,
  CREDENTIAL_FILE_TYPES,
  MESSAGES,
  detectFileType,
  sanitizeFileName,
} from '@medora/shared';
import { AuditService, type AuditTarget } from '../audit/audit.service.js';
import { AccessPolicy, auditTargetOf } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import type { UploadStream } from '../common/multipart.js';
import { CONFIG, type Config } from '../config/config.js';
import { ApprovedDoctorService } from '../doctors/approved-doctor.service.js';
import type { ApprovedDoctorRow } from '../doctors/doctors.repository.js';
import { FileStore } from '../storage/file-store.js';
import { AppointmentsRepository } from './appointments.repository.js';

/** Where an appointment's prescription is downloaded (`GET /api/appointments/{id}/prescription`). */
export function prescriptionPath(appointmentId: string): string {
  return `/api/appointments/${appointmentId}/prescription`;
}

/**
 * An appointment's prescription: the appointment's doctor attaches it, its patient, that doctor (while
 * caring for the patient) or an admin with a stated reason downloads it.
 */
@Injectable()
export class PrescriptionsService {
  constructor(
    private readonly appointments: AppointmentsRepository,
    private readonly approved: ApprovedDoctorService,
    private readonly audit: AuditService,
    private readonly access: AccessPolicy,
    private readonly files: FileStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /**
   * The caller's approved doctor record, or 403 with a denied audit row: the upload route asks first,
   * so a refused caller's upload is never read.
   */
  uploaderFor(caller: Caller, id: string): Promise<ApprovedDoctorRow> {
    return this.approved.doctorFor(caller, uploadTarget(id));
  }

  /**
   * Stores a prescription (PDF, JPEG or PNG by content, streamed into the FileStore) and points the
   * appointment at its download path. The route checked the doctor before reading the upload.
   */
  async attach(
    caller: Caller,
    id: string,
    upload: UploadStream,
  ): Promise<{ id: string; prescriptionUrl: string }> {
    const doctor = await this.uploaderFor(caller, id);
    const name = sanitizeFileName(upload.fileName);
    const detected = detectFileType(upload.head, name);
    if (!detected || !CREDENTIAL_FILE_TYPES.includes(detected)) {
      throw new ApiException(400, MESSAGES.credentialTypeInvalid, { file: MESSAGES.credentialTypeInvalid });
    }
    const contentType = CONTENT_TYPES[detected];
    const stored = await this.files.put('prescriptions', id, upload, contentType);
    const url = prescriptionPath(id);
    let result: { attached: boolean; replacedObjectKey: string | null } = {
      attached: false,
      replacedObjectKey: null,
    };
    try {
      result = await this.appointments.attachPrescription(
        id,
        doctor.id,
        { name, contentType, size: upload.size, file: stored, uploadedBy: doctor.userId },
        url,
      );
    } finally {
      // The new object when no row took it; the replaced one when a row did.
      if (!result.attached) await this.files.discard(stored);
      else if (result.replacedObjectKey) {
        await this.files.discard({ storage: 's3', objectKey: result.replacedObjectKey });
      }
    }
    await this.audit.recordFor(caller, result.attached ? 'allowed' : 'denied', uploadTarget(id));
    if (!result.attached) throw new ApiException(404, MESSAGES.notFound);
    return { id, prescriptionUrl: url };
  }

  /**
   * The prescription file: the appointment's patient, its doctor, or an admin. The decision (and
   * its audit row) comes first; only an allowed caller's request reads the bytes, from Postgres or S3.
   */
  async download(caller: Caller, id: string): Promise<{ name: string; contentType: string; body: Readable }> {
    const row = await this.appointments.prescriptionAccess(id, caller.uid, this.config.careAccessDays);
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    const target: AuditTarget = {
      action: 'appointment.prescription.download',
      resourceType: 'appointment',
      resourceId: id,
    };
    if (caller.uid === row.doctorUid && row.doctorOfPatient) {
      await this.audit.recordFor(caller, 'allowed', { ...target, subjectUid: row.patientUid });
    } else {
      // The patient, or an admin who stated a reason (break-the-glass): the one policy decides.
      const decision = await this.access.decide(caller, row.patientUid, { allow: ['admin'], audit: target });
      await this.audit.recordFor(caller, 'allowed', auditTargetOf(target, row.patientUid, decision));
    }
    const stored = row.hasFile ? await this.appointments.prescriptionBytes(id) : null;
    if (!stored) throw new ApiException(404, MESSAGES.prescriptionMissing);
    return {
      name: row.name ?? 'prescription',
      contentType: row.contentType ?? 'application/octet-stream',
      body: await this.files.open(stored),
    };
  }
}

function uploadTarget(id: string): AuditTarget {
  return { action: 'appointment.prescription.upload', resourceType: 'appointment', resourceId: id };
}
