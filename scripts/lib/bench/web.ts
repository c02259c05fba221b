/**
 * Frontend figures shared by `npm run bench:web` and `npm run bench`: what the browser loads for each
 * route of the production build (headless Chromium, Resource Timing), what each built file holds, and
 * the size of each build's federation files.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ensureChromium } from '../../../e2e/setup/ensure-chromium.js';

const root = path.resolve(__dirname, '..', '..', '..');
export const KB = 1024;

/** Where the gateway serves each frontend from (scripts/lib/gateway.ts). */
const DIST_BY_PREFIX: [prefix: string, dist: string][] = [
  ['/remotes/landing/', 'mfe-landing/dist'],
  ['/remotes/patient/', 'mfe-patient/dist'],
  ['/remotes/booking/', 'mfe-booking/dist'],
  ['/remotes/provider/', 'mfe-provider/dist'],
  ['/', 'shell/dist'],
];

export interface ScriptLoad {
  url: string;
  /** Gzip body bytes on the wire (Resource Timing `encodedBodySize`). */
  gzip: number;
  /** Body + headers (Resource Timing `transferSize`). */
  transfer: number;
  startTime: number;
  label: string;
}

export interface RouteFigures {
  route: string;
  finalPath: string;
  scripts: ScriptLoad[];
  fcp: number;
  lcp: number;
  cls: number;
  reactRenderers: number;
}

function distFile(url: string): string | undefined {
  const { pathname } = new URL(url);
  const hit = DIST_BY_PREFIX.find(([prefix]) => pathname.startsWith(prefix));
  return hit ? path.join(root, hit[1], pathname.slice(hit[0].length)) : undefined;
}

interface Manifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  exposes: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** The modules a built file holds, from its source map: package (or source file) → characters. */
function sourcesOf(file: string): Map<string, number> {
  const sizes = new Map<string, number>();
  if (!existsSync(`${file}.map`)) return sizes;
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
    sources: string[];
    sourcesContent?: string[];
  };
  map.sources.forEach((source, i) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    const key = pkg ?? source.replace(/^webpack:\/\/[^/]+\//, '').replace(/^\.\//, '');
    sizes.set(key, (sizes.get(key) ?? 0) + (map.sourcesContent?.[i]?.length ?? 0));
  });
  return sizes;
}

/** file name → what it holds, from each build's mf-manifest.json, else its largest sources. */
function labelFor(url: string): string {
  const file = distFile(url);
  const { pathname } = new URL(url);
  const pkg = DIST_BY_PREFIX.find(([prefix]) => pathname.startsWith(prefix))?.[1].split('/')[0] ?? '?';
  const base = path.basename(pathname);
  if (!file) return `${pkg} ${base}`;
  const labels: string[] = [];
  const manifestFile = path.join(path.dirname(file), 'mf-manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    for (const s of manifest.shared) {
      if ([...s.assets.js.sync, ...s.assets.js.async].includes(base)) labels.push(`shared ${s.name}`);
    }
    for (const e of manifest.exposes) {
      if ([...e.assets.js.sync, ...e.assets.js.async].includes(base)) labels.push(`exposes ${e.name}`);
    }
  }
  if (labels.length === 0) {
    const top = [...sourcesOf(file)].sort((a, b) => b[1] - a[1]).slice(0, 3);
    labels.push(top.map(([name]) => name).join(', '));
  }
  return `${pkg} ${base}${labels.length ? ` (${labels.join('; ')})` : ''}`;
}

export function isReactDomClient(url: string): boolean {
  const file = distFile(url);
  return (
    !!file &&
    [...sourcesOf(file).keys()].some((s) => s === 'react-dom') &&
    existsSync(`${file}.LICENSE.txt`) &&
    readFileSync(`${file}.LICENSE.txt`, 'utf8').includes('react-dom-client.production.js')
  );
}

/** The Firebase SDK. */
export function isFirebase(url: string): boolean {
  const file = distFile(url);
  return !!file && [...sourcesOf(file).keys()].some((s) => /^@?firebase(\/|$)/.test(s));
}

/** The shell's auth feature (login screens, session, Firebase wiring): not needed on `/`. */
export function isShellAuthFeature(url: string): boolean {
  const file = distFile(url);
  return !!file && [...sourcesOf(file).keys()].some((s) => s.includes('src/features/auth/'));
}

// ---------------------------------------------------------------------------------------- sign-in

export interface Session {
  localStorageKey: string;
  value: string;
}

/**
 * A verified, registered patient, put straight into Firebase's local persistence so the protected
 * routes render their remote (what a returning patient's browser holds).
 */
export async function patientSession(origin: string, authEmulator: string): Promise<Session> {
  const key = 'demo-api-key';
  const email = `bench.${Date.now().toString(36)}@example.test`;
  const password = 'secret123';
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const signUp = await post(`${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${key}`, {
    email,
    password,
    returnSecureToken: true,
  });
  const uid = signUp.localId as string;
  await post(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/projects/demo-medora/accounts:update`,
    { localId: uid, emailVerified: true },
    { Authorization: 'Bearer owner' },
  );
  const signIn = await post(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${key}`,
    { email, password, returnSecureToken: true },
  );
  const idToken = signIn.idToken as string;
  await post(`${origin}/api/users`, { uid, role: 'patient' }, { Authorization: `Bearer ${idToken}` });
  const now = Date.now();
  return {
    localStorageKey: `firebase:authUser:${key}:[DEFAULT]`,
    value: JSON.stringify({
      uid,
      email,
      emailVerified: true,
      isAnonymous: false,
      providerData: [
        { providerId: 'password', uid: email, email, displayName: null, phoneNumber: null, photoURL: null },
      ],
      stsTokenManager: {
        refreshToken: signIn.refreshToken,
        accessToken: idToken,
        expirationTime: now + 3_600_000,
      },
      createdAt: String(now),
      lastLoginAt: String(now),
      apiKey: key,
      appName: '[DEFAULT]',
    }),
  };
}

// ---------------------------------------------------------------------------------------- measure

async function installProbes(page: Page): Promise<void> {
  // tsx compiles with esbuild's keepNames, which wraps functions in `__name(...)` even inside the
  // callbacks handed to the page: give the page that helper.
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await page.addInitScript(() => {
    // Every copy of react-dom registers its renderer here: the number of Reacts on the page.
    const renderers = new Map<number, unknown>();
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject(renderer: unknown) {
        renderers.set(renderers.size + 1, renderer);
        return renderers.size;
      },
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
}

export async function measure(
  browser: Browser,
  origin: string,
  route: string,
  options: { cpuThrottle?: number; session?: Session } = {},
): Promise<RouteFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await installProbes(page);
  if (options.session) {
    const { localStorageKey, value } = options.session;
    await page.addInitScript(([k, v]) => window.localStorage.setItem(k!, v!), [localStorageKey, value]);
  }
  if (options.cpuThrottle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
  }
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const figures = await page.evaluate(async () => {
    const entries = <T extends PerformanceEntry>(type: string) =>
      new Promise<T[]>((resolve) => {
        const found: T[] = [];
        const observer = new PerformanceObserver((list) => found.push(...(list.getEntries() as T[])));
        observer.observe({ type, buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(found);
        }, 50);
      });
    const lcp = await entries<PerformanceEntry & { renderTime: number; loadTime: number }>(
      'largest-contentful-paint',
    );
    const shifts = await entries<PerformanceEntry & { value: number; hadRecentInput: boolean }>(
      'layout-shift',
    );
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      url: r.name,
      gzip: r.encodedBodySize,
      transfer: r.transferSize,
      startTime: r.startTime,
    }));
    const hook = (
      window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }
    ).__REACT_DEVTOOLS_GLOBAL_HOOK__;
    const last = lcp[lcp.length - 1];
    return {
      finalPath: location.pathname,
      fcp: paint?.startTime ?? NaN,
      lcp: last ? last.renderTime || last.startTime : NaN,
      cls: shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0),
      resources,
      reactRenderers: hook.renderers.size,
    };
  });
  await context.close();
  const scripts = figures.resources
    .filter((r) => new URL(r.url).pathname.endsWith('.js'))
    .map((r) => ({ ...r, label: labelFor(r.url) }));
  return { route, ...figures, scripts };
}

// ------------------------------------------------------------------------------------------ helpers

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
export const ms = (t: number) => `${Math.round(t)} ms`;
export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export function gzipOf(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Each build's mf-manifest.json and remoteEntry.js, gzip -9 of the file on disk: [build, manifest, entry]. */
export function federationFileRows(): string[][] {
  return ['shell', 'mfe-landing', 'mfe-patient', 'mfe-booking', 'mfe-provider'].map((pkg) => {
    const dist = path.join(root, pkg, 'dist');
    const f = (name: string) => (existsSync(path.join(dist, name)) ? kb(gzipOf(path.join(dist, name))) : '—');
    return [pkg, f('mf-manifest.json'), f('remoteEntry.js')];
  });
}

export const FEDERATION_FILES_HEAD = ['build', 'mf-manifest.json', 'remoteEntry.js'];

/**
 * Initial JavaScript of each route (cold cache, until the network is idle), signed out or as a
 * signed-in patient: [route, as, ended on, scripts, JS gzip, before FCP].
 */
export async function routeJavaScriptRows(
  browser: Browser,
  origin: string,
  session: Session,
): Promise<string[][]> {
  const rows: string[][] = [];
  for (const [route, signedIn] of [
    ['/', false],
    ['/patient-login', false],
    ['/dashboard', true],
    ['/book-appointment', true],
  ] as const) {
    const r = await measure(browser, origin, route, signedIn ? { session } : {});
    rows.push([
      route,
      signedIn ? 'signed-in patient' : 'signed out',
      r.finalPath,
      String(r.scripts.length),
      kb(sum(r.scripts.map((s) => s.gzip))),
      kb(sum(r.scripts.filter((s) => s.startTime < r.fcp).map((s) => s.gzip))),
    ]);
  }
  return rows;
}

export const ROUTE_JAVASCRIPT_HEAD = ['route', 'as', 'ended on', 'scripts', 'JS gzip', 'before FCP'];
