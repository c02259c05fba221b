/** One message the Auth emulator would have mailed (its `oobCodes` REST endpoint). */
export interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

/** `GET {emulator}/emulator/v1/projects/{project}/oobCodes`; the emulator answers CORS for any origin. */
export async function listOobCodes(emulatorUrl: string, projectId: string): Promise<OobCode[]> {
  const res = await fetch(`${emulatorUrl.replace(/\/$/, '')}/emulator/v1/projects/${projectId}/oobCodes`, {
    cache: 'no-store',
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { oobCodes?: OobCode[] };
  // The emulator lists oldest first and keeps no timestamps: newest first reads better.
  return [...(body.oobCodes ?? [])].reverse();
}

/** Fetching a verification link applies it (MACHINE-NOTES: Firebase Auth emulator). */
export async function applyOobLink(oobLink: string): Promise<void> {
  const res = await fetch(oobLink, { cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}
