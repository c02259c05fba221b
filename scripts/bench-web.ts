/**
 * `npm run bench:web`: what the browser pays for each route of the production build, measured in
 * headless Chromium against the stack as `npm start` runs it. Prints figures; it asserts nothing.
 *
 * First Lighthouse's mobile preset on `/`, `/patient-login`, the patient's `/dashboard` and the
 * `/provider-dashboard` (signed in as the demo accounts), 3 runs each, through the production gateway
 * (nginx, TLS, HTTP/2) and then through npm start's (HTTP/1.1), medians beside the budgets:
 * score ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1. Then the landing route's own figures: JS within
 * its budget (web-budget.ts), react-dom fetched at most once, LCP ≤ 1.0 s with 4× CPU throttling, CLS ≤ 0.05, no auth/Firebase code
 * before first paint.
 *
 *   npm run bench:web                 builds what is stale, starts the stack on PORT_OFFSET 22000
 *   npm run bench:web -- --lighthouse-only --runs 5 --routes /,/dashboard --save /tmp/lhr
 *   npm run bench:web -- --lighthouse-only --gateway production     (or local: one gateway only)
 *   BENCH_PORT_OFFSET=15000 npm run bench:web
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProductionGateway } from './lib/bench/production-gateway.js';
import { markdownTable, median } from './lib/bench/report.js';
import {
  LIGHTHOUSE_HEAD,
  LIGHTHOUSE_ROUTES,
  LighthouseRunner,
  demoSession,
  lighthouseRow,
  summarise,
  type DemoRole,
  type LighthouseRun,
  type Session as DemoSession,
} from './lib/bench/lighthouse.js';
import {
  FEDERATION_FILES_HEAD,
  ROUTE_JAVASCRIPT_HEAD,
  federationFileRows,
  isFirebase,
  isReactDomClient,
  isShellAuthFeature,
  kb,
  launchChromium,
  measure,
  ms,
  patientSession,
  routeJavaScriptRows,
  sum,
  type RouteFigures,
} from './lib/bench/web.js';
import { resolvePorts } from './lib/ports.js';
import { ROUTE_BUDGETS } from './lib/web-budget.js';

/** The landing route's JavaScript budget (gzip), as every build checks it. */
const LANDING_JS = ROUTE_BUDGETS.find((b) => b.route === '/')!.maxBytes;

const root = path.resolve(__dirname, '..');
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 22000);
const origin = `http://localhost:${8080 + OFFSET}`;
const authEmulator = `http://127.0.0.1:${9099 + OFFSET}`;
/** The production gateway's HTTPS port, followed by its plain port and the five static sites'. */
const PRODUCTION_GATEWAY_PORT = 8443 + OFFSET;
const LCP_RUNS = 5;

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const LIGHTHOUSE_ONLY = process.argv.includes('--lighthouse-only');
const LIGHTHOUSE_RUNS = Number(argument('--runs') ?? 3);
const ROUTES = argument('--routes')?.split(',');
/** A folder for each run's full Lighthouse report (JSON), to see what a figure is made of. */
const SAVE_DIR = argument('--save');

const table = (head: string[], rows: string[][]) => console.log(markdownTable(head, rows));

// ---------------------------------------------------------------------------------------------- stack

function startStack(dataDir: string): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT_OFFSET: String(OFFSET), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Medora is running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the stack exited with ${code}:\n${out.slice(-2000)}`)));
  });
}

async function stopStack(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** The two ways a browser can reach the stack: what production serves, and npm start's gateway. */
interface Gateway {
  label: string;
  /** Prefix of each saved report's file name. */
  save: string;
  origin: string;
}

/**
 * Lighthouse's mobile preset on each route through each gateway, medians of LIGHTHOUSE_RUNS runs: first
 * the production gateway (nginx, TLS, HTTP/2: production-gateway.ts), then npm start's own (plain
 * HTTP/1.1, which no phone meets in production). `--gateway production|local` measures one of them.
 */
async function lighthouseSection(): Promise<void> {
  const routes = LIGHTHOUSE_ROUTES.filter((r) => !ROUTES || ROUTES.includes(r.route));
  const sessions = new Map<DemoRole, DemoSession>();
  for (const role of new Set(routes.flatMap((r) => (r.as ? [r.as] : []))))
    sessions.set(role, await demoSession(origin, authEmulator, role));
  if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
  const which = argument('--gateway');
  const production =
    which === 'local'
      ? undefined
      : await startProductionGateway({
          repoRoot: root,
          stackOrigin: origin,
          stackPorts: resolvePorts({ PORT_OFFSET: String(OFFSET) }),
          firstPort: PRODUCTION_GATEWAY_PORT,
        });
  const gateways: Gateway[] = [
    ...(production
      ? [{ label: 'production gateway: nginx, TLS, HTTP/2', save: 'production', origin: production.origin }]
      : []),
    ...(which === 'production' ? [] : [{ label: 'npm start gateway: HTTP/1.1', save: 'local', origin }]),
  ];
  const runner = await LighthouseRunner.start();
  try {
    for (const gateway of gateways) {
      const before = loadAverage();
      const rows: string[][] = [];
      console.log(`Lighthouse through the ${gateway.label} (${gateway.origin})`);
      // One unmeasured load first: the gateway compresses each file on its first request.
      await runner.run(gateway.origin, '/');
      for (const route of routes) {
        const runs: LighthouseRun[] = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          const name = `${gateway.save}-${route.route.slice(1) || 'landing'}-${i + 1}.json`;
          runs.push(
            await runner.run(
              gateway.origin,
              route.route,
              route.as && sessions.get(route.as),
              SAVE_DIR && path.join(SAVE_DIR, name),
            ),
          );
        }
        rows.push(lighthouseRow(summarise(route, runs)));
        console.log(`  ${route.route}: ${runs.map((r) => r.score).join(', ')}`);
      }
      console.log(
        `\n## Lighthouse, mobile preset, ${gateway.label} (median of ${LIGHTHOUSE_RUNS} runs; load average ${before} before, ${loadAverage()} after)\n`,
      );
      table(LIGHTHOUSE_HEAD, rows);
      console.log('');
    }
  } finally {
    await runner.stop();
    await production?.stop();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medora-bench-web-'));
  console.log(`Starting the stack (production build) on ${origin}…`);
  const stack = await startStack(dataDir);
  if (LIGHTHOUSE_ONLY) {
    try {
      await lighthouseSection();
    } finally {
      await stopStack(stack);
      rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  await lighthouseSection().catch(async (error: unknown) => {
    await stopStack(stack);
    throw error;
  });
  const browser = await launchChromium();
  try {
    // Warm the server's gzip cache so the first measured load is not slower for that reason.
    await measure(browser, origin, '/');

    const landing = await measure(browser, origin, '/');
    const throttled: RouteFigures[] = [];
    for (let i = 0; i < LCP_RUNS; i++)
      throttled.push(await measure(browser, origin, '/', { cpuThrottle: 4 }));

    const js = sum(landing.scripts.map((s) => s.gzip));
    const beforePaint = landing.scripts.filter((s) => s.startTime < landing.fcp);
    const reactDomFetches = landing.scripts.filter((s) => isReactDomClient(s.url)).length;
    const firebaseBeforePaint = beforePaint.filter((s) => isFirebase(s.url));
    const firebaseAll = landing.scripts.filter((s) => isFirebase(s.url));
    const authFeatureBeforePaint = beforePaint.filter((s) => isShellAuthFeature(s.url));
    const lcp = median(throttled.map((r) => r.lcp));
    const cls = Math.max(...throttled.map((r) => r.cls), landing.cls);

    console.log(`\n## Landing route (/), cold cache, ${landing.scripts.length} scripts\n`);
    table(
      ['figure', 'measured', 'target', ''],
      [
        [
          'JavaScript transferred (gzip body)',
          kb(js),
          `≤ ${kb(LANDING_JS)}`,
          js <= LANDING_JS ? 'ok' : 'OVER',
        ],
        ['… of it before first contentful paint', kb(sum(beforePaint.map((s) => s.gzip))), '', ''],
        ['… with response headers (transferSize)', kb(sum(landing.scripts.map((s) => s.transfer))), '', ''],
        [
          'react-dom fetches (react-dom-client)',
          String(reactDomFetches),
          // None when the page is prerendered, one when it renders in the browser.
          '≤ 1',
          reactDomFetches <= 1 ? 'ok' : 'FAIL',
        ],
        [
          'React renderers on the page',
          String(landing.reactRenderers),
          '≤ 1',
          landing.reactRenderers <= 1 ? 'ok' : 'FAIL',
        ],
        [
          `LCP, 4× CPU throttling (median of ${LCP_RUNS})`,
          `${ms(lcp)} (${throttled.map((r) => Math.round(r.lcp)).join(', ')})`,
          '≤ 1000 ms',
          lcp <= 1000 ? 'ok' : 'OVER',
        ],
        ['FCP, 4× CPU throttling (median)', ms(median(throttled.map((r) => r.fcp))), '', ''],
        ['CLS (worst run)', cls.toFixed(4), '≤ 0.05', cls <= 0.05 ? 'ok' : 'OVER'],
        [
          'Firebase SDK fetched before first paint',
          firebaseBeforePaint.length ? firebaseBeforePaint.map((s) => s.label).join(', ') : 'none',
          'none',
          firebaseBeforePaint.length ? 'FAIL' : 'ok',
        ],
        [
          'Firebase SDK fetched on this route at all',
          firebaseAll.length
            ? `${firebaseAll.length} files, ${kb(sum(firebaseAll.map((s) => s.gzip)))}`
            : 'none',
          '',
          '',
        ],
        [
          "files with the shell's auth feature before first paint",
          authFeatureBeforePaint.length ? authFeatureBeforePaint.map((s) => s.label).join(', ') : 'none',
          '',
          '',
        ],
      ],
    );

    console.log('\n### Landing route scripts, in request order\n');
    table(
      ['script', 'gzip', 'requested at', 'before FCP'],
      [...landing.scripts]
        .sort((a, b) => a.startTime - b.startTime)
        .map((s) => [s.label, kb(s.gzip), ms(s.startTime), s.startTime < landing.fcp ? 'yes' : 'no']),
    );
    console.log(`\nFirst contentful paint (no throttling): ${ms(landing.fcp)}`);

    console.log('\n## Federation files of each build (gzip -9 of the file on disk)\n');
    table(FEDERATION_FILES_HEAD, federationFileRows());

    console.log('\n## Initial JavaScript per route (cold cache, until the network is idle)\n');
    const session = await patientSession(origin, authEmulator);
    table(ROUTE_JAVASCRIPT_HEAD, await routeJavaScriptRows(browser, origin, session));
  } finally {
    await browser.close();
    await stopStack(stack);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
