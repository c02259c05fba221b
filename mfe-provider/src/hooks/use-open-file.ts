import { useMutation } from '@tanstack/react-query';
import { errorMessage, notify, type DownloadedFile } from '@medora/shared';

/** Saves a blob under `fileName` through a temporary link (a download, never a new tab). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

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
