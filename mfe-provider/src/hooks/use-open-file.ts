import { useMutation } from '@tanstack/react-query';
import { errorMessage, notify, type DownloadedFile } from '@medora/shared';
import { saveBlob } from '@medora/shared/ui';

/**
 * 'Download' downloads. Fetches an authenticated file on demand and saves it under the
 * server's name (else `fallbackName`); a failed download is a toast.
 */
export function useDownloadFile<V>(
  load: (variables: V) => Promise<DownloadedFile>,
  fallbackName: (variables: V) => string,
) {
  return useMutation({
    mutationFn: load,
    onSuccess: (file, variables) => saveBlob(file.blob, file.fileName ?? fallbackName(variables)),
    onError: (err) => notify.error(errorMessage(err)),
  });
}
