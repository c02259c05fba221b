/**
 * Lighthouse's mobile preset (simulated mid-range phone: 4× CPU slowdown, slow 4G, 412 px screen) on
 * the routes a phone opens first, signed in where the route needs it. Used by `npm run bench:web`.
 *
 * Lighthouse drives Debian's Chromium (chrome-launcher with CHROME_PATH); puppeteer-core, attached to
 * the same browser, puts a demo account's Firebase session into the page's storage before a signed-in
 * run. Lighthouse's own storage reset would sign that account out, so a signed-in run clears only the
 * HTTP cache itself: every run is a cold load.
 */
import { writeFileSync } from 'node:fs';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { connect, type Browser } from 'puppeteer-core';
import { ensureChromium } from '../../../e2e/setup/ensure-chromium.js';
import { median } from './report.js';

/** What a route must reach (Lighthouse's "good" thresholds; score is the performance category). */
export const LIGHTHOUSE_BUDGETS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 } as const;

export type DemoRole = 'patient' | 'provider';

export interface LighthouseRoute {
  route: string;
  /** The demo account the route is loaded as; none: signed out. */
  as?: DemoRole;
}

export const LIGHTHOUSE_ROUTES: LighthouseRoute[] = [
  { route: '/' },
  { route: '/patient-login' },
  { route: '/dashboard', as: 'patient' },
  { route: '/provider-dashboard', as: 'provider' },
];

export interface LighthouseRun {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  finalPath: string;
}

export interface Session {
  localStorageKey: string;
  value: string;
}

const API_KEY = 'demo-api-key';

async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * The demo account of a role (local mode: what typing the role name as username and password signs
 * in to), as the Firebase user record the browser keeps in local storage after signing in.
 */
export async function demoSession(origin: string, authEmulator: string, role: DemoRole): Promise<Session> {
  const { customToken } = await postJson(`${origin}/api/dev/demo-session`, { role });
  const signIn = await postJson(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=${API_KEY}`,
    { token: customToken, returnSecureToken: true },
  );
  const idToken = signIn.idToken as string;
  const lookup = await postJson(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${API_KEY}`,
    { idToken },
  );
  const user = (lookup.users as Record<string, unknown>[])[0]!;
  const now = Date.now();
  return {
    localStorageKey: `firebase:authUser:${API_KEY}:[DEFAULT]`,
    value: JSON.stringify({
      uid: user.localId,
      email: user.email ?? null,
      emailVerified: user.emailVerified ?? true,
      displayName: user.displayName ?? null,
      isAnonymous: false,
      providerData: [],
      stsTokenManager: {
        refreshToken: signIn.refreshToken,
        accessToken: idToken,
        expirationTime: now + 3_600_000,
      },
      createdAt: String(now),
      lastLoginAt: String(now),
      apiKey: API_KEY,
      appName: '[DEFAULT]',
    }),
  };
}

/** Lighthouse ran but could not measure the load (its `runtimeError`). */
class TraceError extends Error {}

export class LighthouseRunner {
  private constructor(
    private readonly chrome: LaunchedChrome,
    private readonly browser: Browser,
  ) {}

  static async start(): Promise<LighthouseRunner> {
    const chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? ensureChromium(),
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        // The production gateway's certificate is made for each run (production-gateway.ts).
        '--ignore-certificate-errors',
      ],
    });
    const browser = await connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    return new LighthouseRunner(chrome, browser);
  }

  /**
   * One cold load of a route; with `saveAs`, the full Lighthouse report (JSON) is written there too.
   * A load whose trace Lighthouse could not record (it says to run again, e.g. NO_NAVSTART on a busy
   * machine) is run again, twice at most.
   */
  async run(origin: string, route: string, session?: Session, saveAs?: string): Promise<LighthouseRun> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runOnce(origin, route, session, saveAs);
      } catch (error) {
        if (attempt === 3 || !(error instanceof TraceError)) throw error;
        console.log(`  ${route}: ${error.message}; running it again`);
      }
    }
  }

  private async runOnce(
    origin: string,
    route: string,
    session?: Session,
    saveAs?: string,
  ): Promise<LighthouseRun> {
    // Lighthouse is an ES module only.
    const { default: lighthouse } = await import('lighthouse');
    const page = await this.browser.newPage();
    try {
      if (session) {
        // Any same-origin page will do to write the origin's storage; a static file is the cheapest.
        await page.goto(`${origin}/runtime-config.json`);
        await page.evaluate(
          (k: string, v: string) => window.localStorage.setItem(k, v),
          session.localStorageKey,
          session.value,
        );
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      }
      const result = await lighthouse(
        `${origin}${route}`,
        {
          port: this.chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: !!session,
        },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      const { lhr } = result;
      if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
      if (lhr.runtimeError)
        throw new TraceError(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      return {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        fcp: value('first-contentful-paint'),
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      };
    } finally {
      await page.close();
    }
  }

  async stop(): Promise<void> {
    await this.browser.disconnect();
    this.chrome.kill();
  }
}

export interface LighthouseSummary {
  route: LighthouseRoute;
  runs: LighthouseRun[];
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export function summarise(route: LighthouseRoute, runs: LighthouseRun[]): LighthouseSummary {
  return {
    route,
    runs,
    score: median(runs.map((r) => r.score)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
  };
}

export const LIGHTHOUSE_HEAD = [
  'route',
  'as',
  'ended on',
  'score (≥ 90)',
  'LCP (≤ 2.5 s)',
  'TBT (≤ 200 ms)',
  'CLS (≤ 0.1)',
  'scores of each run',
];

/** One row per route: each median beside its budget, `OVER` where it misses. */
export function lighthouseRow(s: LighthouseSummary): string[] {
  const b = LIGHTHOUSE_BUDGETS;
  const mark = (ok: boolean) => (ok ? '' : ' OVER');
  return [
    s.route.route,
    s.route.as ?? 'signed out',
    [...new Set(s.runs.map((r) => r.finalPath))].join(', '),
    `${s.score}${mark(s.score >= b.score)}`,
    `${(s.lcp / 1000).toFixed(2)} s${mark(s.lcp <= b.lcpMs)}`,
    `${Math.round(s.tbt)} ms${mark(s.tbt <= b.tbtMs)}`,
    `${s.cls.toFixed(3)}${mark(s.cls <= b.cls)}`,
    s.runs.map((r) => r.score).join(', '),
  ];
}
