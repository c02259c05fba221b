/** The remotes the shell composes; each is found at run time through its manifest URL. */
export const REMOTE_NAMES = ['landing', 'patient', 'booking', 'provider'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * The federation container name of each remote (what `loadRemote('mfe_booking/...')` uses): `mfe_`
 * and the remote's name.
 */
export const REMOTE_CONTAINERS = Object.fromEntries(REMOTE_NAMES.map((name) => [name, `mfe_${name}`])) as {
  [R in RemoteName]: `mfe_${R}`;
};

/**
 * Chunk and remote-entry load timeout, defined once: webpack's
 * `output.chunkLoadTimeout` (scripts/lib/webpack-config.ts) and the shell's federation runtime plugin
 * (entry script and manifest) both use it.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Default, same-origin manifest location of a remote. */
export function defaultManifestUrl(remote: RemoteName): string {
  return `/remotes/${remote}/mf-manifest.json`;
}

/**
 * `/runtime-config.json`, served next to the shell and read at boot, so that remote URLs, the API base
 * and the Firebase settings change without rebuilding the shell. Validated by `runtimeConfigSchema`
 * (`@medora/shared/schemas`) on the server side and by `parseRuntimeConfig` (zod-free) in the browser;
 * built from the environment by `buildRuntimeConfig` (runtime-config-env.ts).
 */
export interface RuntimeConfig {
  mode: 'local' | 'production';
  apiBaseUrl: string;
  remotes: Record<RemoteName, string>;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** Set only when running against the Firebase Auth emulator, e.g. `http://127.0.0.1:9099`. */
  authEmulatorUrl?: string;
}

/**
 * Props of the route elements the remotes expose: the shell types `loadRemote<T>` with these, so its
 * build does not depend on a running remote.
 */
export interface RemotePageProps {
  /** The base path the shell mounted this element under, for links inside the remote. */
  basePath?: string;
}

/** What each remote exposes, by federation request. Kept here so shell and remotes agree. */
export const REMOTE_MODULES = {
  landing: { LandingPage: 'mfe_landing/LandingPage' },
  patient: { IntakePage: 'mfe_patient/IntakePage', DashboardPage: 'mfe_patient/DashboardPage' },
  booking: { BookingPage: 'mfe_booking/BookingPage', BookingFlow: 'mfe_booking/BookingFlow' },
  provider: {
    DoctorSignupPage: 'mfe_provider/DoctorSignupPage',
    DoctorOnboardingPage: 'mfe_provider/DoctorOnboardingPage',
    ProviderDashboardPage: 'mfe_provider/ProviderDashboardPage',
    AdminDashboardPage: 'mfe_provider/AdminDashboardPage',
  },
} as const;
