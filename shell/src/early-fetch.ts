/**
 * Network work that the first screen needs, started from the entry chunk before the shared chunks
 * (react-dom, the router) have loaded and run (LCP). Dependency-free on purpose: it runs
 * before the federation share scope is ready.
 */
import { RUNTIME_CONFIG_PATH } from './runtime-config-path';

/** Where bootstrap finds the config response already under way, and the federation runtime a manifest. */
declare global {
  interface Window {
    __medoraRuntimeConfig?: Promise<Response | null>;
    __medoraManifests?: Map<string, Promise<Response>>;
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
  exposes?: { name?: string; path?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** The files a remote's manifest names for its entry and one exposed module, as URLs. */
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
  files.push(...(expose?.assets?.js?.sync ?? []));
  return files.map((file) => new URL(file.replace(/^\//, ''), base).href);
}

function preloadScript(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
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

/**
 * Fetches the runtime config now (index.html preloads it; same request, so the browser reuses that
 * response) and, on a route that shows a remote page, warms that remote's entry and page chunks, so
 * they download while the shell boots and, on a signed-in route, while the session is checked.
 */
export function startEarlyFetches(): void {
  const config = fetch(RUNTIME_CONFIG_PATH).catch(() => null);
  window.__medoraRuntimeConfig = config;
  const page = ROUTE_REMOTE_PAGES[window.location.pathname.replace(/(.)\/$/, '$1')];
  if (!page) return;
  const [remote, exposed] = page;
  void (async () => {
    const res = await config;
    const body = res?.ok ? ((await res.clone().json()) as { remotes?: Record<string, string> }) : null;
    const manifestUrl = new URL(
      body?.remotes?.[remote] ?? `/remotes/${remote}/mf-manifest.json`,
      window.location.href,
    ).href;
    const manifest = fetch(manifestUrl, { signal: AbortSignal.timeout(EARLY_MANIFEST_TIMEOUT_MS) });
    (window.__medoraManifests ??= new Map()).set(manifestUrl, manifest);
    const manifestRes = await manifest.catch(() => null);
    if (!manifestRes?.ok) return;
    // A copy of the body: the response itself is the runtime's to read.
    const parsed = (await manifestRes.clone().json()) as ManifestShape;
    for (const href of remoteFilesToPreload(parsed, manifestUrl, exposed)) {
      preloadScript(href);
    }
  })().catch(() => undefined); // only a head start: the real load reports its own failures
}
