/**
 * Network work that the landing route needs, started from the entry chunk before the shared chunks
 * (react-dom, the router) have loaded and run (LCP). Dependency-free on purpose: it runs
 * before the federation share scope is ready.
 */

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/** Where bootstrap finds the config response already under way. */
declare global {
  interface Window {
    __medoraRuntimeConfig?: Promise<Response | null>;
  }
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

/** Fetches the runtime config now and, on `/`, warms the landing remote's entry and page chunks. */
export function startEarlyFetches(): void {
  const config = fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' }).catch(() => null);
  window.__medoraRuntimeConfig = config;
  if (window.location.pathname !== '/') return;
  void (async () => {
    const res = await config;
    const body = res?.ok ? ((await res.clone().json()) as { remotes?: { landing?: string } }) : null;
    const manifestUrl = new URL(
      body?.remotes?.landing ?? '/remotes/landing/mf-manifest.json',
      window.location.href,
    ).href;
    const manifestRes = await fetch(manifestUrl);
    if (!manifestRes.ok) return;
    for (const href of remoteFilesToPreload(
      (await manifestRes.json()) as ManifestShape,
      manifestUrl,
      'LandingPage',
    )) {
      preloadScript(href);
    }
  })().catch(() => undefined); // only a head start: the real load reports its own failures
}
