import {
  CREDENTIAL_FILE_TYPES,
  checkUploadFile,
  detectFileType,
  fileHead,
  formatMessage,
  subSpecialtiesOf,
  type DoctorProfileForm,
  type DoctorRecord,
} from '@medora/shared';

// A doctor's credentials and specialties, checked the same way in the application (features/application)
// and in the approved doctor's own screens (features/provider).

/**
 * A chosen credential checked on selection by name, size and content (a text file named
 * .pdf is refused here, not at the final submit); the message names the file. Null when acceptable.
 */
export async function checkDocument(file: File): Promise<string | null> {
  const name = file.name;
  const refused = checkUploadFile(file, 'credential');
  if (refused === 'fileTooLargeServer') return formatMessage('credentialFileTooLarge', { name });
  if (refused) return formatMessage('credentialFileRefused', { name });
  const detected = detectFileType(await fileHead(file), name);
  return detected && CREDENTIAL_FILE_TYPES.includes(detected)
    ? null
    : formatMessage('credentialFileRefused', { name });
}

/** The first refusal among `files` (checked in order), or null. */
export async function checkDocuments(files: File[]): Promise<string | null> {
  for (const file of files) {
    const problem = await checkDocument(file);
    if (problem) return problem;
  }
  return null;
}

/** The picked sub-specialties that still belong to `specialty` (after the specialty changed). */
export function keptSubSpecialties(specialty: string, picked: readonly string[]): string[] {
  const allowed = subSpecialtiesOf(specialty);
  return picked.filter((s) => allowed.includes(s));
}

/**
 * The profile's form values (text inputs, flat address) from the doctor's record: the approved
 * doctor's profile editor, and the part of a rejected application's form that is the profile.
 */
export function profileForm(record: DoctorRecord): DoctorProfileForm {
  return {
    specialty: record.specialty,
    subSpecialties: [...record.subSpecialties],
    licenseNumber: record.licenseNumber ?? '',
    bio: record.bio ?? '',
    clinic: record.clinic,
    street: record.clinicAddress?.street ?? '',
    city: record.clinicAddress?.city ?? '',
    state: record.clinicAddress?.state ?? '',
    zipCode: record.clinicAddress?.zipCode ?? '',
    consultationFee: String(record.consultationFee),
    consultationDuration: String(record.consultationDuration),
    languages: record.languages.join(', '),
    acceptingNewPatients: record.acceptingNewPatients,
  };
}
