import {
  CREDENTIAL_FILE_TYPES,
  checkUploadFile,
  detectFileType,
  fileHead,
  formatMessage,
  subSpecialtiesOf,
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
