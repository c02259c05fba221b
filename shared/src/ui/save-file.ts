/** Saves a blob under `fileName` through a temporary link: a download, never a new tab. */
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
