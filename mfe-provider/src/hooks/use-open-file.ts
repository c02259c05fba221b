import { useMutation } from '@tanstack/react-query';
import { errorMessage, notify, type DownloadedFile } from '@medora/shared';
import { openBlob } from '../components/ui';

/**
 * Fetches an authenticated file on demand and opens it (a credential for the admin, a prescription
 * for the doctor); a failed download is a toast. `fallbackName` names a file the server sent unnamed.
 */
export function useOpenFile<V>(
  load: (variables: V) => Promise<DownloadedFile>,
  fallbackName?: (variables: V) => string,
) {
  return useMutation({
    mutationFn: load,
    onSuccess: (file, variables) => openBlob(file.blob, file.fileName ?? fallbackName?.(variables) ?? null),
    onError: (err) => notify.error(errorMessage(err)),
  });
}
