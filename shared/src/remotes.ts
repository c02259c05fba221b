import type { BookingFlowProps } from './booking/types.js';

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

/** Where a gateway serves a remote's build on the page's own origin. */
export function remoteMountPath(remote: RemoteName): string {
  return `/remotes/${remote}/`;
}

/** Default, same-origin manifest location of a remote. */
export function defaultManifestUrl(remote: RemoteName): string {
  return `${remoteMountPath(remote)}mf-manifest.json`;
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

/**
 * Every exposed module, by federation request, and the props of its default-exported component. The
 * shell's remote route takes a request's props from here, and each remote checks its exposed
 * components against it (`RemoteExposes`), so a disagreement fails the typecheck on both sides.
 * Changing an entry is a contract change (docs/architecture.md#remote-contract).
 */
export interface RemoteModuleProps {
  'mfe_landing/LandingPage': RemotePageProps;
  'mfe_patient/IntakePage': RemotePageProps;
  'mfe_patient/DashboardPage': RemotePageProps;
  'mfe_booking/BookingPage': RemotePageProps;
  'mfe_booking/BookingFlow': BookingFlowProps;
  'mfe_provider/DoctorSignupPage': RemotePageProps;
  'mfe_provider/DoctorOnboardingPage': RemotePageProps;
  'mfe_provider/ProviderDashboardPage': RemotePageProps;
  'mfe_provider/AdminDashboardPage': RemotePageProps;
}

/** A federation request of an exposed module, e.g. 'mfe_booking/BookingFlow'. */
export type RemoteRequest = keyof RemoteModuleProps;

/** The requests whose component takes only `RemotePageProps`: the ones the shell mounts as a whole page. */
export type RemotePageRequest = {
  [Q in RemoteRequest]: RemotePageProps extends RemoteModuleProps[Q] ? Q : never;
}[RemoteRequest];

/** The exposed modules of one remote: exposed name → request ('BookingFlow' → 'mfe_booking/BookingFlow'). */
export type RemoteModulesOf<R extends RemoteName> = {
  [Q in RemoteRequest as Q extends `mfe_${R}/${infer N}` ? N : never]: Q;
};

/** What each remote exposes, by federation request; typed from `RemoteModuleProps`, so none is missing. */
export const REMOTE_MODULES: { readonly [R in RemoteName]: Readonly<RemoteModulesOf<R>> } = {
  landing: { LandingPage: 'mfe_landing/LandingPage' },
  patient: { IntakePage: 'mfe_patient/IntakePage', DashboardPage: 'mfe_patient/DashboardPage' },
  booking: { BookingPage: 'mfe_booking/BookingPage', BookingFlow: 'mfe_booking/BookingFlow' },
  provider: {
    DoctorSignupPage: 'mfe_provider/DoctorSignupPage',
    DoctorOnboardingPage: 'mfe_provider/DoctorOnboardingPage',
    ProviderDashboardPage: 'mfe_provider/ProviderDashboardPage',
    AdminDashboardPage: 'mfe_provider/AdminDashboardPage',
  },
};

/**
 * The default exports a remote exposes, by exposed name: each must accept the props `RemoteModuleProps`
 * gives its request. A function of its props rather than React's `ComponentType`, so shared stays
 * React-free; a function component is one.
 */
export type RemoteExposes<R extends RemoteName> = {
  [N in keyof RemoteModulesOf<R>]: (
    props: RemoteModuleProps[RemoteModulesOf<R>[N] & RemoteRequest],
  ) => unknown;
};

/**
 * `T` (exposed name → `typeof` its default export), checked against `RemoteExposes<R>`: each remote's
 * exposes file (mfe-booking/src/exposes.ts, …) instantiates it, so a component whose props disagree
 * with `RemoteModuleProps`, or a missing one, fails `tsc -b`.
 */
export type CheckedExposes<R extends RemoteName, T extends RemoteExposes<R>> = T;

/**
 * A remote's webpack `exposes` (module-federation.config.ts): one './<Name>' key per exposed module of
 * that remote in `RemoteModuleProps`, none missing and none extra (with `satisfies`).
 */
export type RemoteExposePaths<R extends RemoteName> = {
  [N in keyof RemoteModulesOf<R> as `./${N & string}`]: string;
};

/**
 * The contract package: shared by federation as a singleton, and its version is the version of the
 * contract between the shell and the remotes (docs/architecture.md#remote-contract).
 */
export const CONTRACT_PACKAGE = '@medora/shared';

/** The major of a semver version ('1.4.2' → 1), or undefined if it is not one. */
export function contractMajor(version: string): number | undefined {
  const match = /^(\d+)\.\d+\.\d+(?:[-+].*)?$/.exec(version.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * Whether a remote built against `remoteVersion` of @medora/shared may run on a page whose
 * @medora/shared is `hostVersion`: the same major. A breaking contract change bumps the major, so a
 * remote deployed alone against another major is refused rather than run against the wrong contract.
 */
export function isCompatibleContract(hostVersion: string, remoteVersion: string | undefined): boolean {
  const host = contractMajor(hostVersion);
  return host !== undefined && remoteVersion !== undefined && contractMajor(remoteVersion) === host;
}
