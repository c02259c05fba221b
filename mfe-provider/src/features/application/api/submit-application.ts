import { api, errorMessage, formatMessage, type DoctorRecordResponse } from '@medora/shared';
import {
  credentialUploads,
  toApplication,
  type ApplicationFiles,
  type ApplicationForm,
} from '../model/application';

/**
 * One `POST /api/doctors/{uid}/credentials` per document, then `POST /api/doctors`. The first
 * credential creates a draft record on the server; the application is submitted only at the end.
 */
export async function submitApplication(
  uid: string,
  email: string | null,
  form: ApplicationForm,
  files: ApplicationFiles,
): Promise<DoctorRecordResponse> {
  // A retry sends the same files again; the server keeps one copy of each (content hash).
  for (const { type, file } of credentialUploads(files)) {
    try {
      await api.uploadCredential(uid, type, file, file.name);
    } catch (err) {
      const reason = errorMessage(err);
      // The message names the file (the server's own refusal already does).
      throw new Error(
        reason.includes(file.name)
          ? reason
          : formatMessage('credentialUploadFailed', { name: file.name, reason }),
        { cause: err },
      );
    }
  }
  return api.submitDoctorApplication(toApplication(uid, email, form));
}
