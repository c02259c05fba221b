import { z } from 'zod';

/** The remotes the shell composes; each is found at run time through its manifest URL. */
export const REMOTE_NAMES = ['landing', 'patient', 'booking', 'provider'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The federation container name of each remote (what `loadRemote('mfe_booking/...')` uses). */
export const REMOTE_CONTAINERS: Record<RemoteName, string> = {
  landing: 'mfe_landing',
  patient: 'mfe_patient',
  booking: 'mfe_booking',
  provider: 'mfe_provider',
};

/** Default, same-origin manifest location of a remote (ARCHITECTURE rule 1). */
export function defaultManifestUrl(remote: RemoteName): string {
  return `/remotes/${remote}/mf-manifest.json`;
}

/**
 * `/runtime-config.json`, served next to the shell and read at boot, so that remote URLs, the API base
 * and the Firebase settings change without rebuilding the shell.
 */
export const runtimeConfigSchema = z.object({
  mode: z.enum(['local', 'production']),
  apiBaseUrl: z.string().min(1),
  remotes: z.object({
    landing: z.string().min(1),
    patient: z.string().min(1),
    booking: z.string().min(1),
    provider: z.string().min(1),
  }),
  firebase: z.object({
    apiKey: z.string().min(1),
    authDomain: z.string().min(1),
    projectId: z.string().min(1),
  }),
  /** Set only when running against the Firebase Auth emulator, e.g. `http://127.0.0.1:9099`. */
  authEmulatorUrl: z.string().url().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
