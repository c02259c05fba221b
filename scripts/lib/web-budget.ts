/**
 * The per-route JavaScript budget, checked after every frontend build (`npm run build`): the gzip
 * size of the scripts a route loads before it shows, computed from the builds without a browser.
 *
 * A route's initial scripts are: the shell's entry (index.html's scripts), the shell chunk groups the
 * route's boot path imports (by the `import()` that makes each), the remote's `remoteEntry.js` and the
 * chunks of the exposed page, and, closing over all of these, the chunks of every shared singleton they
 * consume, as the shell provides them (the remotes reuse the shell's singletons: `shareStrategy:
 * 'loaded-first'`). Each build's chunk graph is the `chunks.json` (in `build-stats/`, beside `dist/`) that `webpack-config.ts`
 * writes.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ChunkGraph, ChunkSet } from './webpack-config.js';
import { LANDING_HTML, PRERENDER_FILE } from './prerender-paths.js';
import { remoteMountPath } from '../../shared/src/remotes.js';

export const KB = 1024;

/** An `import()` of the shell, by importing file (relative to shell/) and request. */
export interface ShellImport {
  module: string;
  request: string;
}

/** A file of a build's output. */
export interface BuildFile {
  pkg: string;
  file: string;
}

export interface RouteBudget {
  route: string;
  /**
   * A route the gateway answers with a composed page (prerender.ts): `page` with `include` in it. Its
   * initial scripts are the ones those two files name, outside the page's stub blocks (which are sent
   * only when the include fails); `shell` and `remote` are then unused.
   */
  composed?: { page: BuildFile; include: BuildFile; includeMountPath: string };
  /** The shell's lazy chunk groups on this route's way to its first screen. */
  shell: ShellImport[];
  /** The remote page the route shows: remote package and exposed name. */
  remote?: { pkg: string; expose: string };
  /** Most gzip bytes of JavaScript: more fails the build. */
  maxBytes: number;
  /**
   * Where the route should get to (docs/performance.md), when the ceiling is still above it: the
   * ceiling is today's size with a little room, lowered as the route gets lighter, so it can only fall.
   */
  targetBytes?: number;
}

// What index.ts starts on each kind of route (the boot chunk; the router app off `/`). It also starts
// Firebase Auth in a signed-in area, except on a dashboard drawn from the stored session, which loads
// it after its screen: the returning account measured here.
const BOOT: ShellImport = { module: 'src/index.ts', request: './bootstrap' };
const APP: ShellImport = { module: 'src/index.ts', request: './app/app' };
// The signed-in areas' header (bell, account menu), which index.ts starts beside the app there.
const ACCOUNT_HEADER: ShellImport = { module: 'src/index.ts', request: './features/header/account-header' };

/**
 * The routes a phone opens first. The targets are 110 KB for `/` and 200 KB for the others
 * (docs/performance.md); each route meets its target, which is its ceiling. `/` rendered in the
 * browser (the landing remote gave no prerendered page) has no target of its own: its ceiling is its
 * size at the end of November 2026 plus 2 %. Lower a ceiling when a route gets lighter, never raise it.
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  // `/` is the landing remote's prerendered page in the shell's landing.html, composed by the gateway.
  {
    route: '/',
    shell: [],
    composed: {
      page: { pkg: 'shell', file: LANDING_HTML },
      include: { pkg: 'mfe-landing', file: PRERENDER_FILE },
      includeMountPath: remoteMountPath('landing'),
    },
    maxBytes: 110 * KB,
    targetBytes: 110 * KB,
  },
  // When the landing remote has no prerendered page to give, `/` renders it in the browser, without
  // the router (bootstrap.tsx).
  {
    route: '/ (rendered in the browser)',
    shell: [BOOT],
    remote: { pkg: 'mfe-landing', expose: 'LandingPage' },
    maxBytes: 143 * KB,
  },
  {
    route: '/patient-login',
    shell: [BOOT, APP, { module: 'src/app/routes.tsx', request: '../features/auth/components/login-page' }],
    maxBytes: 200 * KB,
    targetBytes: 200 * KB,
  },
  {
    route: '/dashboard',
    shell: [BOOT, APP, ACCOUNT_HEADER],
    remote: { pkg: 'mfe-patient', expose: 'DashboardPage' },
    maxBytes: 200 * KB,
    targetBytes: 200 * KB,
  },
  {
    route: '/provider-dashboard',
    shell: [BOOT, APP, ACCOUNT_HEADER],
    remote: { pkg: 'mfe-provider', expose: 'ProviderDashboardPage' },
    maxBytes: 200 * KB,
    targetBytes: 200 * KB,
  },
];

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
}

function readJson<T>(file: string): T {
  if (!existsSync(file)) throw new Error(`${file} is missing: build the frontends first (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

interface Build {
  pkg: string;
  dist: string;
  graph: ChunkGraph;
}

function loadBuild(root: string, pkg: string): Build {
  const dir = path.join(root, pkg);
  return {
    pkg,
    dist: path.join(dir, 'dist'),
    graph: readJson<ChunkGraph>(path.join(dir, 'build-stats', 'chunks.json')),
  };
}

export interface RouteJavaScript {
  budget: RouteBudget;
  /** `<pkg>/<file>` → gzip bytes. */
  files: Map<string, number>;
  bytes: number;
}

/** The initial scripts of one route and their gzip sizes. */
export function routeJavaScript(root: string, budget: RouteBudget): RouteJavaScript {
  if (budget.composed) return composedJavaScript(root, budget, budget.composed);
  const shell = loadBuild(root, 'shell');
  const sets: { build: Build; set: ChunkSet }[] = [{ build: shell, set: shell.graph.entry }];
  for (const wanted of budget.shell) {
    const group = shell.graph.groups.find((g) =>
      g.origins.some((o) => o.module === wanted.module && o.request === wanted.request),
    );
    if (!group) throw new Error(`shell: no chunk group for import('${wanted.request}') in ${wanted.module}`);
    sets.push({ build: shell, set: group });
  }
  if (budget.remote) {
    const { pkg, expose } = budget.remote;
    const remote = loadBuild(root, pkg);
    const entry = readJson<Manifest>(path.join(remote.dist, 'mf-manifest.json')).metaData?.remoteEntry;
    sets.push({
      build: remote,
      set: { js: [`${entry?.path ?? ''}${entry?.name ?? 'remoteEntry.js'}`], consumes: [] },
    });
    const page = remote.graph.groups.find((g) => g.name === `__federation_expose_${expose}`);
    if (!page) throw new Error(`${pkg}: no chunk group for the exposed ${expose}`);
    sets.push({ build: remote, set: page });
  }

  const files = new Map<string, number>();
  // A singleton's provided chunk and its fallback chunk can be the same bytes under two names; the
  // browser loads one, so identical files count once.
  const contents = new Set<string>();
  const keys = new Set<string>();
  for (let next = sets.shift(); next; next = sets.shift()) {
    const { build, set } = next;
    for (const file of set.js) {
      const key = `${build.pkg}/${file}`;
      if (files.has(key)) continue;
      const body = readFileSync(path.join(build.dist, file));
      const digest = createHash('sha256').update(body).digest('hex');
      if (contents.has(digest)) continue;
      contents.add(digest);
      files.set(key, gzipSync(body, { level: 9 }).length);
    }
    // The shell's singleton serves every remote (loaded-first); a key the shell does not provide is
    // served by the consuming build's own copy.
    for (const shareKey of set.consumes) {
      if (keys.has(shareKey)) continue;
      keys.add(shareKey);
      const provider = shell.graph.provides[shareKey] ? shell : build;
      const provided = provider.graph.provides[shareKey];
      if (!provided)
        throw new Error(`${build.pkg} consumes ${shareKey}, which no build on the page provides`);
      sets.push({ build: provider, set: provided });
    }
  }
  return { budget, files, bytes: [...files.values()].reduce((a, b) => a + b, 0) };
}

const SCRIPT_SRC = /<script\b[^>]*\ssrc="([^"]+)"/g;
const SSI_BLOCK = /<!--# block name="[^"]+" -->[\s\S]*?<!--# endblock -->/g;

/** The scripts a composed page names: the page's outside its stub blocks, and the include's. */
function composedJavaScript(
  root: string,
  budget: RouteBudget,
  composed: NonNullable<RouteBudget['composed']>,
): RouteJavaScript {
  const read = ({ pkg, file }: BuildFile) => {
    const at = path.join(root, pkg, 'dist', file);
    if (!existsSync(at)) throw new Error(`${at} is missing: build the frontends first (npm run build)`);
    return readFileSync(at, 'utf8');
  };
  const named = (html: string, pkg: string, prefix: string) =>
    [...html.matchAll(SCRIPT_SRC)].map(([, src]) => ({ pkg, file: src!.slice(prefix.length) }));
  const scripts = [
    ...named(read(composed.page).replace(SSI_BLOCK, ''), composed.page.pkg, '/'),
    ...named(read(composed.include), composed.include.pkg, composed.includeMountPath),
  ];
  const files = new Map<string, number>();
  for (const { pkg, file } of scripts)
    files.set(
      `${pkg}/${file}`,
      gzipSync(readFileSync(path.join(root, pkg, 'dist', file)), { level: 9 }).length,
    );
  return { budget, files, bytes: [...files.values()].reduce((a, b) => a + b, 0) };
}

export interface BudgetReport {
  routes: RouteJavaScript[];
  over: RouteJavaScript[];
  text: string;
}

/** Every route's initial JavaScript against its budget. */
export function checkWebBudget(root: string, budgets: RouteBudget[] = ROUTE_BUDGETS): BudgetReport {
  const routes = budgets.map((b) => routeJavaScript(root, b));
  const over = routes.filter((r) => r.bytes > r.budget.maxBytes);
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  const lines = routes.map(
    (r) =>
      `  ${r.budget.route.padEnd(28)} ${kb(r.bytes).padStart(9)} of ${kb(r.budget.maxBytes).padStart(8)}` +
      ` (${r.files.size} scripts)${r.bytes > r.budget.maxBytes ? '  OVER BUDGET' : ''}` +
      (r.budget.targetBytes && r.bytes > r.budget.targetBytes ? `; target ${kb(r.budget.targetBytes)}` : ''),
  );
  const text = `Initial JavaScript per route (gzip):\n${lines.join('\n')}`;
  return { routes, over, text };
}
