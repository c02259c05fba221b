import { api, type DoctorRecordResponse } from '@medora/shared';
import {
  credentialUploads,
  toApplication,
  type ApplicationFiles,
  type ApplicationForm,
} from '../model/application';

/**
 * Spec §7: one `POST /api/doctors/{uid}/credentials` per document, then `POST /api/doctors`. The first
 * credential creates a draft record on the server; the application is submitted only at the end.
 */
export async function submitApplication(
  uid: string,
  email: string | null,
  form: ApplicationForm,
  files: ApplicationFiles,
): Promise<DoctorRecordResponse> {
  for (const { type, file } of credentialUploads(files)) {
    await api.uploadCredential(uid, type, file, file.name);
  }
  return api.submitDoctorApplication(toApplication(uid, email, form));
}
