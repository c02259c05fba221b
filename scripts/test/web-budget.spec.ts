import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { checkWebBudget, KB, ROUTE_BUDGETS, routeJavaScript, type RouteBudget } from '../lib/web-budget';
import { checkBudgetAfterBuild, FRONTENDS } from '../lib/build';
import type { ChunkGraph } from '../lib/webpack-config';

/** Random bytes do not compress: a file of n bytes costs about n gzip bytes. */
const incompressible = (bytes: number) => randomBytes(bytes);

let root: string;

function writeBuild(pkg: string, files: Record<string, Buffer | string>, graph: ChunkGraph): void {
  mkdirSync(path.join(root, pkg, 'dist'), { recursive: true });
  mkdirSync(path.join(root, pkg, 'build-stats'), { recursive: true });
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(root, pkg, 'dist', name), body);
  writeFileSync(path.join(root, pkg, 'build-stats', 'chunks.json'), JSON.stringify(graph));
  writeFileSync(
    path.join(root, pkg, 'dist', 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
}

const group = (
  origin: { module: string; request: string } | null,
  js: string[],
  consumes: string[] = [],
) => ({
  name: null,
  origins: origin ? [origin] : [],
  js,
  consumes,
});

const SHELL_GRAPH: ChunkGraph = {
  entry: { js: ['main.js'], consumes: [] },
  groups: [
    group({ module: 'src/index.ts', request: './bootstrap' }, ['bootstrap.js'], ['react']),
    group({ module: 'src/index.ts', request: './app/app' }, ['app.js']),
    group({ module: 'src/index.ts', request: './features/auth/firebase' }, ['app.js']),
    group({ module: 'src/index.ts', request: './features/header/account-header' }, ['header.js']),
    group({ module: 'src/app/routes.tsx', request: '../features/auth/components/login-page' }, ['app.js']),
    // A lazy screen no route here loads, which consumes a big singleton.
    group({ module: 'src/app/routes.tsx', request: './other' }, ['other.js'], ['big']),
  ],
  provides: {
    react: { js: ['react.js', 'react-dep.js'], consumes: [] },
    big: { js: ['big.js'], consumes: [] },
  },
};

/** A landing remote whose page consumes react (the shell's) and `icons`, which only it provides. */
function writeLanding(pageBytes: number): void {
  writeBuild(
    'mfe-landing',
    {
      'remoteEntry.js': incompressible(3 * KB),
      'page.js': incompressible(pageBytes),
      'react-own.js': incompressible(30 * KB),
      'icons.js': incompressible(4 * KB),
      'prerender.html': '<link rel="stylesheet" href="/remotes/landing/page.css"><main>Hello</main>',
    },
    {
      entry: { js: ['remoteEntry.js'], consumes: [] },
      groups: [{ ...group(null, ['page.js'], ['icons', 'react']), name: '__federation_expose_LandingPage' }],
      provides: {
        react: { js: ['react-own.js'], consumes: [] },
        icons: { js: ['icons.js'], consumes: ['react'] },
      },
    },
  );
}

/** The shell's landing.html: a script in the include's stub, the prerendered page included. */
const LANDING_PAGE = `<!doctype html><head><link rel="stylesheet" href="/boot.css"></head><body>
<!--# block name="client-render" --><script defer src="/main.js"></script><!--# endblock -->
<div id="root"><!--# include virtual="/__prerender/landing" stub="client-render" --></div></body>`;

function writeFixture(pageBytes: number): void {
  writeBuild(
    'shell',
    {
      'main.js': incompressible(20 * KB),
      'bootstrap.js': incompressible(5 * KB),
      'react.js': incompressible(30 * KB),
      'react-dep.js': incompressible(2 * KB),
      'app.js': incompressible(1 * KB),
      'other.js': incompressible(1 * KB),
      'header.js': incompressible(1 * KB),
      'big.js': incompressible(200 * KB),
      'landing.html': LANDING_PAGE,
    },
    SHELL_GRAPH,
  );
  writeLanding(pageBytes);
}

const COMPOSED: RouteBudget = {
  route: '/',
  shell: [],
  composed: {
    page: { pkg: 'shell', file: 'landing.html' },
    include: { pkg: 'mfe-landing', file: 'prerender.html' },
    includeMountPath: '/remotes/landing/',
  },
  maxBytes: 110 * KB,
};

const LANDING: RouteBudget = {
  route: '/',
  shell: [{ module: 'src/index.ts', request: './bootstrap' }],
  remote: { pkg: 'mfe-landing', expose: 'LandingPage' },
  maxBytes: 110 * KB,
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'medora-web-budget-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('per-route JavaScript budget', () => {
  it("counts the entry, the boot chunk, the remote page and each singleton they consume once, from the shell's copy", () => {
    writeFixture(10 * KB);
    const js = routeJavaScript(root, LANDING);
    expect([...js.files.keys()].sort()).toEqual([
      'mfe-landing/icons.js',
      'mfe-landing/page.js',
      'mfe-landing/remoteEntry.js',
      'shell/bootstrap.js',
      'shell/main.js',
      'shell/react-dep.js',
      'shell/react.js',
    ]);
    // Not on the landing route's way: the app chunk, a lazy screen and what only it consumes, the
    // remote's own react (the shell's is used).
    for (const file of ['shell/app.js', 'shell/other.js', 'shell/big.js', 'mfe-landing/react-own.js'])
      expect(js.files.has(file)).toBe(false);
    expect(js.files.get('shell/main.js')).toBeGreaterThan(19 * KB);
    expect(js.bytes).toBe([...js.files.values()].reduce((a, b) => a + b, 0));
  });

  it('counts byte-identical twins (a singleton and its fallback chunk) once', () => {
    writeFixture(10 * KB);
    const dist = path.join(root, 'shell', 'dist');
    writeFileSync(path.join(dist, 'react-twin.js'), readFileSync(path.join(dist, 'react.js')));
    const graph: ChunkGraph = {
      ...SHELL_GRAPH,
      provides: { ...SHELL_GRAPH.provides, react: { js: ['react.js', 'react-twin.js'], consumes: [] } },
    };
    writeFileSync(path.join(root, 'shell', 'build-stats', 'chunks.json'), JSON.stringify(graph));
    const js = routeJavaScript(root, LANDING);
    expect(js.files.has('shell/react.js') !== js.files.has('shell/react-twin.js')).toBe(true);
  });

  it('passes a route within its budget', () => {
    writeFixture(10 * KB);
    const report = checkWebBudget(root, [LANDING]);
    expect(report.over).toEqual([]);
    expect(report.text).not.toContain('OVER BUDGET');
  });

  it('fails a route over its budget and names it', () => {
    writeFixture(60 * KB); // 20 + 5 + 32 + 3 + 4 + 60 KB > 110 KB
    const report = checkWebBudget(root, [LANDING]);
    expect(report.over.map((r) => r.budget.route)).toEqual(['/']);
    expect(report.text).toMatch(/\/ .* OVER BUDGET/);
  });

  it('measures gzip bytes, not file bytes', () => {
    writeFixture(10 * KB);
    // 200 KB of one repeated letter gzips to a few hundred bytes: within the budget.
    writeFileSync(path.join(root, 'mfe-landing', 'dist', 'page.js'), 'a'.repeat(200 * KB));
    expect(gzipSync('a'.repeat(200 * KB)).length).toBeLessThan(KB);
    expect(checkWebBudget(root, [LANDING]).over).toEqual([]);
  });

  it('refuses a budget that names an import or a page the builds no longer have (it would measure nothing)', () => {
    writeFixture(10 * KB);
    expect(() =>
      routeJavaScript(root, { ...LANDING, shell: [{ module: 'src/index.ts', request: './gone' }] }),
    ).toThrow("no chunk group for import('./gone')");
    expect(() =>
      routeJavaScript(root, { ...LANDING, remote: { pkg: 'mfe-landing', expose: 'Gone' } }),
    ).toThrow('no chunk group for the exposed Gone');
  });

  it('counts what a composed page names: no script in its stub block, a script in its include', () => {
    writeFixture(10 * KB);
    expect([...routeJavaScript(root, COMPOSED).files.keys()]).toEqual([]);
    writeFileSync(
      path.join(root, 'mfe-landing', 'dist', 'prerender.html'),
      '<main>Hello</main><script src="/remotes/landing/icons.js"></script>',
    );
    writeFileSync(
      path.join(root, 'shell', 'dist', 'landing.html'),
      LANDING_PAGE.replace('</body>', '<script defer src="/app.js"></script></body>'),
    );
    const js = routeJavaScript(root, COMPOSED);
    expect([...js.files.keys()].sort()).toEqual(['mfe-landing/icons.js', 'shell/app.js']);
    expect(js.bytes).toBeGreaterThan(5 * KB);
  });

  it('refuses a composed route whose page or include is missing', () => {
    writeFixture(10 * KB);
    rmSync(path.join(root, 'mfe-landing', 'dist', 'prerender.html'));
    expect(() => routeJavaScript(root, COMPOSED)).toThrow(/prerender\.html is missing/);
  });

  it('fails the build when every frontend is built and a route is over', () => {
    // The landing page alone is over the real ceiling of `/` rendered in the browser.
    writeFixture(ROUTE_BUDGETS.find((b) => b.route === '/ (rendered in the browser)')!.maxBytes + KB);
    // The real route table: give the other frontends the pages it names, all small.
    for (const pkg of FRONTENDS.filter((p) => p !== 'shell' && p !== 'mfe-landing')) {
      writeBuild(
        pkg,
        { 'remoteEntry.js': 'x', 'page.js': 'y' },
        {
          entry: { js: ['remoteEntry.js'], consumes: [] },
          groups: ['DashboardPage', 'ProviderDashboardPage'].map((name) => ({
            ...group(null, ['page.js']),
            name: `__federation_expose_${name}`,
          })),
          provides: {},
        },
      );
    }
    const log: string[] = [];
    expect(() => checkBudgetAfterBuild(root, (l) => log.push(l))).toThrow(
      /\/ \(rendered in the browser\) over the JavaScript budget/,
    );

    writeLanding(10 * KB);
    expect(() => checkBudgetAfterBuild(root, (l) => log.push(l))).not.toThrow();
    expect(log.join('\n')).toContain('/patient-login');
  });
});
