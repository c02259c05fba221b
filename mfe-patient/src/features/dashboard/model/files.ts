/** Saves a blob under a file name through a temporary object URL (a real download, not a new tab). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** An error's message for the catalogue's '{message}' slot. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
