/**
 * Network work that the first screen needs, started from the entry chunk before the shared chunks
 * (react-dom, the router) have loaded and run (LCP). Dependency-free on purpose: it runs
 * before the federation share scope is ready.
 */
import type { EarlyApiResponse } from '@medora/shared';
import { RUNTIME_CONFIG_PATH } from './runtime-config-path';

/** Where bootstrap finds the config response already under way, and the federation runtime a manifest. */
declare global {
  interface Window {
    __medoraRuntimeConfig?: Promise<Response | null>;
    __medoraManifests?: Map<string, Promise<Response>>;
    __medoraEarlyApi?: Map<string, EarlyApiResponse>;
    /** Settles once every first-screen GET sent early has answered (or failed). */
    __medoraEarlyApiSettled?: Promise<void>;
  }
}

/**
 * How long the early manifest request may take: CHUNK_LOAD_TIMEOUT_MS of `@medora/shared`, which this
 * file cannot import (a test holds the two equal), because the runtime waits for this request
 * instead of sending its own.
 */
export const EARLY_MANIFEST_TIMEOUT_MS = 120_000;

/**
 * The manifest response started by `startEarlyFetches`, handed out once (the federation runtime's
 * fetch, remote-timeouts-plugin.ts): the remote's first load then waits for no second request.
 */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const early = window.__medoraManifests?.get(url);
  window.__medoraManifests?.delete(url);
  return early;
}

interface ManifestShape {
  metaData?: { remoteEntry?: { path?: string; name?: string }; publicPath?: string };
  exposes?: {
    name?: string;
    path?: string;
    assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } };
  }[];
}

/**
 * The files a remote's manifest names for its entry and one exposed module (its scripts and its
 * stylesheets, which the runtime would ask for only once the scripts have run), as URLs.
 */
export function remoteFilesToPreload(
  manifest: ManifestShape,
  manifestUrl: string,
  exposed: string,
): string[] {
  const meta = manifest.metaData;
  // 'auto' (our remotes): files sit next to the manifest; otherwise the manifest says where.
  const base =
    !meta?.publicPath || meta.publicPath === 'auto' ? new URL('.', manifestUrl).href : meta.publicPath;
  const files: string[] = [];
  if (meta?.remoteEntry?.name) files.push(`${meta.remoteEntry.path ?? ''}${meta.remoteEntry.name}`);
  const expose = manifest.exposes?.find((e) => e.name === exposed || e.path === `./${exposed}`);
  files.push(...(expose?.assets?.js?.sync ?? []), ...(expose?.assets?.css?.sync ?? []));
  return files.map((file) => new URL(file.replace(/^\//, ''), base).href);
}

function preload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = /\.css(\?|$)/.test(href) ? 'style' : 'script';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * The remote page each route shows, as [remote, exposed module]: what `createRoutes` mounts at that
 * path (a test holds the two together). Listed here because this file cannot import `@medora/shared`.
 */
export const ROUTE_REMOTE_PAGES: Readonly<Record<string, readonly [remote: string, exposed: string]>> = {
  '/': ['landing', 'LandingPage'],
  '/dashboard': ['patient', 'DashboardPage'],
  '/form': ['patient', 'IntakePage'],
  '/book-appointment': ['booking', 'BookingPage'],
  '/doctor-signup': ['provider', 'DoctorSignupPage'],
  '/doctor-onboarding': ['provider', 'DoctorOnboardingPage'],
  '/provider-dashboard': ['provider', 'ProviderDashboardPage'],
  '/admin': ['provider', 'AdminDashboardPage'],
};

const enc = encodeURIComponent;

/**
 * The GETs each signed-in route's first screen sends, as paths under the API base, for the signed-in
 * uid: the session (`/me`), the page's own data and the header's bell. A test holds each path to the
 * URL the API client of `@medora/shared` requests (this file cannot import it).
 */
export const FIRST_SCREEN_REQUESTS: Readonly<Record<string, (uid: string) => readonly string[]>> = {
  '/dashboard': (uid) => [
    '/me',
    `/patients/${enc(uid)}`,
    `/appointments?uid=${enc(uid)}`,
    `/patients/${enc(uid)}/documents`,
    '/notifications',
    `/patients/${enc(uid)}/medications`,
    `/patients/${enc(uid)}/fhir/imported`,
    `/patients/${enc(uid)}/visits`,
    `/patients/${enc(uid)}/access-log`,
  ],
  '/provider-dashboard': (uid) => [
    '/me',
    '/provider/overview',
    '/provider/appointments',
    '/provider/schedule',
    `/doctors/${enc(uid)}`,
    '/notifications',
  ],
};

/**
 * The routes that draw their first screen from the stored session, before Firebase Auth has loaded:
 * those whose data is requested early with the stored token.
 */
export function drawsBeforeAuth(pathname: string): boolean {
  return Object.hasOwn(FIRST_SCREEN_REQUESTS, pathname.replace(/(.)\/$/, '$1'));
}

/** An ID token good for at least this long is used early (Firebase refreshes one that is not). */
const EARLY_TOKEN_MIN_LIFE_MS = 60_000;

/** Whether a stored ID token expiring at `expiresAt` may still be sent without Firebase Auth. */
export function tokenStillGood(expiresAt: number, now = Date.now()): boolean {
  return expiresAt - now > EARLY_TOKEN_MIN_LIFE_MS;
}

/** The signed-in account Firebase Auth keeps in the browser, with its ID token. */
export interface StoredSession {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  token: string;
  /** When the token expires (epoch ms). */
  expiresAt: number;
}

/**
 * The signed-in session Firebase Auth keeps in localStorage (browserLocalPersistence) under its
 * documented key, when its ID token is still good for a while; null otherwise.
 */
export function storedSession(apiKey: string, now = Date.now()): StoredSession | null {
  try {
    const raw = window.localStorage.getItem(`firebase:authUser:${apiKey}:[DEFAULT]`);
    const user = raw
      ? (JSON.parse(raw) as {
          uid?: unknown;
          email?: unknown;
          emailVerified?: unknown;
          stsTokenManager?: { accessToken?: unknown; expirationTime?: unknown };
        })
      : null;
    const token = user?.stsTokenManager?.accessToken;
    const expiresAt = user?.stsTokenManager?.expirationTime;
    if (typeof user?.uid !== 'string' || typeof token !== 'string' || typeof expiresAt !== 'number')
      return null;
    if (!tokenStillGood(expiresAt, now)) return null;
    return {
      uid: user.uid,
      email: typeof user.email === 'string' ? user.email : null,
      emailVerified: user.emailVerified === true,
      token,
      expiresAt,
    };
  } catch {
    return null;
  }
}

/**
 * Sends the first screen's GETs of `route` with the stored session's token, for the API client to
 * take (`takeEarlyApiResponse` in `@medora/shared`): the data then arrives beside the code instead of
 * after Firebase Auth, the session check and the page's code have loaded one after another.
 */
export function startEarlyApiRequests(route: string, config: EarlyConfig | null): void {
  const paths = FIRST_SCREEN_REQUESTS[route];
  const apiKey = config?.firebase?.apiKey;
  if (!paths || typeof apiKey !== 'string' || typeof config?.apiBaseUrl !== 'string') return;
  const session = storedSession(apiKey);
  if (!session) return;
  const base = config.apiBaseUrl.replace(/\/$/, '');
  const store = (window.__medoraEarlyApi ??= new Map());
  const answers: Promise<Response>[] = [];
  for (const path of paths(session.uid)) {
    const url = `${base}${path}`;
    const response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${session.token}` },
    }).then((answer) => {
      // Read the body now, through a copy: an answer nobody takes (the dashboard sent a new patient
      // to the intake) would otherwise stay open for the page's life, holding one of the browser's
      // six connections to the origin. The client still reads the answer itself.
      void answer
        .clone()
        .arrayBuffer()
        .catch(() => undefined);
      return answer;
    });
    response.catch(() => undefined); // the client sends its own request when this one failed
    store.set(url, { token: session.token, startedAt: Date.now(), response });
    answers.push(response);
  }
  window.__medoraEarlyApiSettled = Promise.allSettled(answers).then(() => undefined);
}

/** Settles once the first-screen GETs sent early have answered: at once when none were sent. */
export function earlyApiSettled(): Promise<void> {
  return window.__medoraEarlyApiSettled ?? Promise.resolve();
}

/** What the entry chunk reads of the runtime config (the shell validates all of it later). */
export interface EarlyConfig {
  remotes?: Record<string, string>;
  apiBaseUrl?: unknown;
  firebase?: { apiKey?: unknown };
}

/**
 * Whether `route` draws its first screen from the stored session before Firebase Auth has loaded
 * (resume-session.ts): a dashboard whose first-screen data is requested early, with a stored token
 * still good. The idle limit may still stop it; Firebase then simply loads without a head start.
 */
export function resumesStoredSession(route: string, config: EarlyConfig | null): boolean {
  const apiKey = config?.firebase?.apiKey;
  return drawsBeforeAuth(route) && typeof apiKey === 'string' && storedSession(apiKey) !== null;
}

/**
 * Fetches the runtime config now (index.html preloads it; same request, so the browser reuses that
 * response) and, on a route that shows a remote page, warms that remote's entry and page chunks, so
 * they download while the shell boots and, on a signed-in route, while the session is checked.
 * Resolves to the config's body (null when it failed), for the entry chunk's other head starts.
 */
export function startEarlyFetches(): Promise<EarlyConfig | null> {
  const config = fetch(RUNTIME_CONFIG_PATH).catch(() => null);
  window.__medoraRuntimeConfig = config;
  // A copy of the body, taken before bootstrap reads the response itself.
  const body = config
    .then((res) => (res?.ok ? (res.clone().json() as Promise<EarlyConfig>) : null))
    .catch(() => null);
  const route = window.location.pathname.replace(/(.)\/$/, '$1');
  const page = ROUTE_REMOTE_PAGES[route];
  if (!page) return body;
  const [remote, exposed] = page;
  void (async () => {
    const parsedConfig = await body;
    startEarlyApiRequests(route, parsedConfig);
    const manifestUrl = new URL(
      parsedConfig?.remotes?.[remote] ?? `/remotes/${remote}/mf-manifest.json`,
      window.location.href,
    ).href;
    const manifest = fetch(manifestUrl, { signal: AbortSignal.timeout(EARLY_MANIFEST_TIMEOUT_MS) });
    (window.__medoraManifests ??= new Map()).set(manifestUrl, manifest);
    const manifestRes = await manifest.catch(() => null);
    if (!manifestRes?.ok) return;
    // A copy of the body: the response itself is the runtime's to read.
    const parsed = (await manifestRes.clone().json()) as ManifestShape;
    for (const href of remoteFilesToPreload(parsed, manifestUrl, exposed)) {
      preload(href);
    }
  })().catch(() => undefined); // only a head start: the real load reports its own failures
  return body;
}
