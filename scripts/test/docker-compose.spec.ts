/**
 * Keeps the operations files (docker-compose.yml, docker/**, .dockerignore) in step with the code.
 * There is no Docker engine where this runs, so the files are parsed and checked against the sources
 * they depend on: the API's env schema, the default ports, the runtime-config schema, the workspaces.
 * The nginx configs are checked by simulating nginx's location matching, rewrites and try_files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_PORTS } from '../lib/ports';
import { runtimeConfigSchema } from '../../shared/src/runtime-config';
import { buildRuntimeConfig, RUNTIME_CONFIG_ENV } from '../../shared/src/runtime-config-env';

const ROOT = path.resolve(__dirname, '..', '..');
const rel = (p: string) => path.join(ROOT, p);
const read = (p: string) => readFileSync(rel(p), 'utf8');

// ---------------------------------------------------------------------------------------------------
// docker-compose.yml
// ---------------------------------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> | string[] };
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | { target: number; published?: string | number })[];
  expose?: (string | number)[];
  volumes?: (string | { type?: string; source?: string; target: string })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
}
interface ComposeFile {
  version?: unknown;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const compose = parseYaml(read('docker-compose.yml'), { merge: true }) as ComposeFile;
const services = compose.services ?? {};

/** Compose interpolation with nothing set in the environment: `${X:-d}` / `${X-d}` → d, `${X}` → ''. */
function interpolate(value: string): string {
  return value
    .split('$$')
    .map((part) =>
      part.replace(
        /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}/g,
        (_m, _name: string, def?: string) => def ?? '',
      ),
    )
    .join('$');
}

function envOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  const out: Record<string, string> = {};
  if (Array.isArray(env)) {
    for (const entry of env) {
      const i = entry.indexOf('=');
      out[i < 0 ? entry : entry.slice(0, i)] = i < 0 ? '' : interpolate(entry.slice(i + 1));
    }
  } else {
    for (const [k, v] of Object.entries(env)) out[k] = v === null ? '' : interpolate(String(v));
  }
  return out;
}

function buildOf(name: string): { context: string; dockerfile: string; args: Record<string, string> } {
  const b = services[name]?.build;
  if (b === undefined) throw new Error(`service '${name}' has no build`);
  if (typeof b === 'string') return { context: b, dockerfile: 'Dockerfile', args: {} };
  const args: Record<string, string> = {};
  if (Array.isArray(b.args)) {
    for (const a of b.args) {
      const i = a.indexOf('=');
      if (i > 0) args[a.slice(0, i)] = interpolate(a.slice(i + 1));
    }
  } else {
    for (const [k, v] of Object.entries(b.args ?? {})) args[k] = interpolate(String(v));
  }
  return { context: b.context ?? '.', dockerfile: b.dockerfile ?? 'Dockerfile', args };
}

/** Container ports a service declares: `expose` plus the targets of `ports`. */
function containerPorts(service: ComposeService): number[] {
  const fromExpose = (service.expose ?? []).map((p) => Number(String(p).split('/')[0]));
  const fromPorts = (service.ports ?? []).map((p) => publishedPort(p).target);
  return [...new Set([...fromExpose, ...fromPorts])];
}

function publishedPort(p: string | { target: number; published?: string | number }): {
  host?: number;
  target: number;
} {
  if (typeof p === 'object')
    return {
      host: p.published === undefined ? undefined : Number(interpolate(String(p.published))),
      target: p.target,
    };
  const parts = interpolate(p).split('/')[0].split(':');
  const target = Number(parts[parts.length - 1]);
  const host = parts.length >= 2 ? Number(parts[parts.length - 2]) : undefined;
  return { host, target };
}

function healthcheckText(service: ComposeService): string {
  const test = service.healthcheck?.test;
  if (test === undefined || service.healthcheck?.disable) return '';
  return Array.isArray(test) ? test.join(' ') : test;
}

function dependsOn(service: ComposeService): Record<string, string> {
  const d = service.depends_on;
  if (!d) return {};
  if (Array.isArray(d)) return Object.fromEntries(d.map((n) => [n, 'service_started']));
  return Object.fromEntries(Object.entries(d).map(([n, v]) => [n, v?.condition ?? 'service_started']));
}

// ---------------------------------------------------------------------------------------------------
// Dockerfiles and .dockerignore
// ---------------------------------------------------------------------------------------------------

interface Instruction {
  op: string;
  args: string;
  stage: number;
}

function parseDockerfile(text: string): Instruction[] {
  const lines = text.split('\n');
  const out: Instruction[] = [];
  let current = '';
  let stage = -1;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (current === '' && /^\s*#/.test(line)) continue;
    if (current !== '' && /^\s*#/.test(line)) continue; // comment inside a continuation
    if (line.endsWith('\\')) {
      current += line.slice(0, -1) + ' ';
      continue;
    }
    current += line;
    const m = /^\s*([A-Za-z]+)\s*(.*)$/.exec(current);
    current = '';
    if (!m) continue;
    const op = m[1].toUpperCase();
    if (op === 'FROM') stage++;
    out.push({ op, args: m[2].trim(), stage });
  }
  return out;
}

/** Replaces $X / ${X} / ${X:-d} with build args, then the ARG defaults in scope. */
function substitute(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (m, a?: string, def?: string, b?: string) => {
      const name = (a ?? b) as string;
      if (vars[name] !== undefined && vars[name] !== '') return vars[name];
      if (def !== undefined) return def;
      throw new Error(`unresolved variable ${m}`);
    },
  );
}

interface Copy {
  sources: string[];
  dest: string;
  from?: string;
  stage: number;
}

/** The COPY/ADD instructions of a Dockerfile with variables resolved for the given build args. */
function copiesOf(dockerfile: string, buildArgs: Record<string, string>): Copy[] {
  const instructions = parseDockerfile(read(dockerfile));
  const globalArgs: Record<string, string> = {};
  const stageArgs: Record<number, Record<string, string>> = {};
  const copies: Copy[] = [];
  for (const ins of instructions) {
    if (ins.op === 'ARG') {
      const [name, def] = ins.args.split('=');
      const value =
        buildArgs[name] ?? (def === undefined ? (globalArgs[name] ?? '') : def.replace(/^"|"$/g, ''));
      if (ins.stage < 0) globalArgs[name] = value;
      else (stageArgs[ins.stage] ??= {})[name] = value;
      continue;
    }
    if (ins.op !== 'COPY' && ins.op !== 'ADD') continue;
    if (ins.args.startsWith('['))
      throw new Error(`${dockerfile}: use the plain form of ${ins.op}, not JSON: ${ins.args}`);
    const words = ins.args.split(/\s+/);
    const flags = words.filter((w) => w.startsWith('--'));
    const paths = words
      .filter((w) => !w.startsWith('--'))
      .map((w) => substitute(w, stageArgs[ins.stage] ?? {}));
    const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
    copies.push({ sources: paths.slice(0, -1), dest: paths[paths.length - 1], from, stage: ins.stage });
  }
  return copies;
}

function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      re += pattern[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += pattern[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

const dockerignore = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => ({
    negate: l.startsWith('!'),
    re: globToRegExp(path.posix.normalize(l.replace(/^!/, '').replace(/^\/+/, ''))),
  }));

/** Whether the build context leaves `p` (or a folder above it) out, per .dockerignore (last match wins). */
function isDockerIgnored(p: string): boolean {
  const norm = path.posix.normalize(p).replace(/^\.\//, '').replace(/\/$/, '');
  if (norm === '' || norm === '.') return false;
  const segments = norm.split('/');
  for (let i = 1; i <= segments.length; i++) {
    const prefix = segments.slice(0, i).join('/');
    let ignored = false;
    for (const rule of dockerignore) if (rule.re.test(prefix)) ignored = !rule.negate;
    if (ignored) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// nginx: a small parser and a simulation of location matching, rewrite and try_files
// ---------------------------------------------------------------------------------------------------

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

function parseNginx(text: string): Directive[] {
  const tokens: string[] = [];
  // Words may hold `${name}` (nginx variables, or envsubst placeholders in a template).
  const re = /#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|((?:\$\{[^}\s]*\}|[^\s{};"'#])+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].startsWith('#')) continue;
    tokens.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  let i = 0;
  const parseBlock = (): Directive[] => {
    const list: Directive[] = [];
    while (i < tokens.length) {
      if (tokens[i] === '}') {
        i++;
        return list;
      }
      const words: string[] = [];
      while (i < tokens.length && tokens[i] !== ';' && tokens[i] !== '{' && tokens[i] !== '}')
        words.push(tokens[i++]);
      const end = tokens[i++];
      const d: Directive = { name: words[0], args: words.slice(1) };
      if (end === '{') d.block = parseBlock();
      list.push(d);
    }
    return list;
  };
  return parseBlock();
}

const all = (list: Directive[] | undefined, name: string) => (list ?? []).filter((d) => d.name === name);
const one = (list: Directive[] | undefined, name: string) => all(list, name)[0];

function serverOf(file: string): Directive[] {
  const servers = all(parseNginx(read(file)), 'server');
  expect(servers).toHaveLength(1);
  return servers[0].block ?? [];
}

interface Location {
  modifier: '=' | '^~' | '~' | '~*' | '';
  pattern: string;
  body: Directive[];
}

function locationsOf(server: Directive[]): Location[] {
  return all(server, 'location').map((d) => {
    const [a, b] = d.args;
    const modifier = (b === undefined ? '' : a) as Location['modifier'];
    return { modifier, pattern: b === undefined ? a : b, body: d.block ?? [] };
  });
}

/** nginx's choice: exact match, else the longest prefix (final if `^~`), else the first regex, else that prefix. */
function matchLocation(locations: Location[], uri: string): Location | undefined {
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === uri);
  if (exact) return exact;
  const prefixes = locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length);
  if (prefixes[0]?.modifier === '^~') return prefixes[0];
  const regex = locations.find(
    (l) =>
      (l.modifier === '~' || l.modifier === '~*') &&
      new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(uri),
  );
  return regex ?? prefixes[0];
}

/** Turns nginx's `$1` replacement syntax into a function of a RegExp match. */
function applyNginxReplacement(replacement: string, m: RegExpExecArray): string {
  return replacement.replace(/\$(\d)/g, (_x, n: string) => m[Number(n)] ?? '');
}

interface ProxyResult {
  location: Location;
  upstream: string;
  path: string;
}

/** What the gateway sends upstream for a request path: the proxy_pass host:port and the forwarded path. */
function simulateProxy(locations: Location[], uri: string): ProxyResult {
  const location = matchLocation(locations, uri);
  if (!location) throw new Error(`no location matches ${uri}`);
  const vars: Record<string, string> = {};
  for (const s of all(location.body, 'set')) vars[s.args[0].replace(/^\$/, '')] = s.args[1];
  let current = uri;
  let rewritten = false;
  for (const r of all(location.body, 'rewrite')) {
    const m = new RegExp(r.args[0]).exec(current);
    if (!m) continue;
    current = applyNginxReplacement(r.args[1], m);
    rewritten = true;
    if (r.args[2] === 'break' || r.args[2] === 'last') break;
  }
  const pass = one(location.body, 'proxy_pass');
  if (!pass) throw new Error(`location ${location.pattern} has no proxy_pass`);
  const hasVariables = /\$/.test(pass.args[0]);
  const target = pass.args[0].replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_m, n: string) => {
    if (vars[n] === undefined) throw new Error(`proxy_pass uses $${n}, which the location does not set`);
    return vars[n];
  });
  const u = /^https?:\/\/([^/]+)(\/.*)?$/.exec(target);
  if (!u) throw new Error(`unexpected proxy_pass target ${target}`);
  const [, upstream, uriPart] = u;
  let forwarded = current;
  if (uriPart !== undefined && !rewritten) {
    // proxy_pass with a URI: the matched location prefix is replaced by it (variables: replaces all).
    forwarded = hasVariables ? uriPart : uriPart + uri.slice(location.pattern.length);
  }
  return { location, upstream, path: forwarded };
}

interface StaticResult {
  status: number;
  servedFile?: string;
  cacheControl?: string;
}

/** A GET against the static server config with the given files present under its root. */
function simulateStatic(server: Directive[], files: Set<string>, uri: string, depth = 0): StaticResult {
  if (depth > 5) throw new Error(`redirect loop for ${uri}`);
  const locations = locationsOf(server);
  const location = matchLocation(locations, uri);
  if (!location) return { status: 404 };
  const headerDirectives =
    all(location.body, 'add_header').length > 0
      ? all(location.body, 'add_header')
      : all(server, 'add_header');
  const cacheControl = headerDirectives.find((h) => h.args[0].toLowerCase() === 'cache-control')?.args[1];
  const index = (one(location.body, 'index') ?? one(server, 'index'))?.args ?? ['index.html'];
  const tryFiles = one(location.body, 'try_files')?.args ?? ['$uri'];
  const dirs = new Set(
    [...files]
      .flatMap((f) =>
        f
          .split('/')
          .slice(1, -1)
          .map((_s, i, parts) => `/${parts.slice(0, i + 1).join('/')}/`),
      )
      .concat('/'),
  );
  for (const candidate of tryFiles.slice(0, tryFiles.length > 1 ? -1 : undefined)) {
    const p = candidate.replace(/\$uri/g, uri);
    if (p.endsWith('/')) {
      if (dirs.has(p)) {
        const idx = index.find((i) => files.has(p + i));
        if (idx) return simulateStatic(server, files, p + idx, depth + 1);
      }
    } else if (files.has(p)) return { status: 200, servedFile: p, cacheControl };
  }
  if (tryFiles.length === 1) return { status: 404 };
  const last = tryFiles[tryFiles.length - 1];
  if (/^=\d{3}$/.test(last)) return { status: Number(last.slice(1)) };
  return simulateStatic(server, files, last.replace(/\$uri/g, uri), depth + 1);
}

// ---------------------------------------------------------------------------------------------------
// Facts from the code
// ---------------------------------------------------------------------------------------------------

const REMOTES = {
  landing: 'mfe-landing',
  patient: 'mfe-patient',
  booking: 'mfe-booking',
  provider: 'mfe-provider',
} as const;
type Remote = keyof typeof REMOTES;
const REMOTE_PORT: Record<Remote, number> = {
  landing: DEFAULT_PORTS.LANDING_PORT,
  patient: DEFAULT_PORTS.PATIENT_PORT,
  booking: DEFAULT_PORTS.BOOKING_PORT,
  provider: DEFAULT_PORTS.PROVIDER_PORT,
};
const WEB_SERVICES: Record<string, { app: string; port: number }> = {
  shell: { app: 'shell', port: DEFAULT_PORTS.SHELL_PORT },
  ...Object.fromEntries(
    Object.entries(REMOTES).map(([name, app]) => [name, { app, port: REMOTE_PORT[name as Remote] }]),
  ),
};
const EXPECTED_SERVICES = [
  'postgres',
  'auth-emulator',
  'api',
  'landing',
  'patient',
  'booking',
  'provider',
  'shell',
  'gateway',
];

/** The env names `api/src/config/config.ts` declares: the keys of its `envSchema = z.object({...})`. */
function apiConfigEnvNames(): string[] {
  const file = 'api/src/config/config.ts';
  if (!existsSync(rel(file))) {
    throw new Error(
      `${file} is missing: the API's env schema is where docker-compose.yml's api environment names are checked against`,
    );
  }
  const text = read(file);
  // The object literal runs from `envSchema = z.object({` to the first `});` at the start of a line
  // (prettier formatting); its own keys are the ones indented by exactly two spaces.
  const body = /envSchema\s*=\s*z\s*\.\s*object\(\{\n([\s\S]*?)\n\}\);/.exec(text)?.[1];
  if (body === undefined) throw new Error(`${file}: no 'const envSchema = z.object({ ... });' found`);
  const names = [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*)\s*:/gm)].map((m) => m[1]);
  return [...new Set(names)];
}

// ---------------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it('uses the compose spec without the obsolete version key', () => {
    expect(compose.version).toBeUndefined();
  });

  it('defines every service of the system', () => {
    expect(Object.keys(services).sort()).toEqual(expect.arrayContaining([...EXPECTED_SERVICES].sort()));
  });

  it('declares every named volume a service mounts', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const v of service.volumes ?? []) {
        const source = typeof v === 'string' ? v.split(':')[0] : v.source;
        if (source && !source.startsWith('.') && !source.startsWith('/') && !source.startsWith('~')) {
          expect({
            service: name,
            volume: source,
            declared: Object.keys(compose.volumes ?? {}).includes(source),
          }).toEqual({
            service: name,
            volume: source,
            declared: true,
          });
        }
      }
    }
  });

  it('gives every long-running service a healthcheck', () => {
    for (const name of EXPECTED_SERVICES)
      expect({ service: name, healthcheck: healthcheckText(services[name]) !== '' }).toEqual({
        service: name,
        healthcheck: true,
      });
  });
});

describe('images', () => {
  const built = Object.entries(services).filter(([, s]) => s.build !== undefined);

  it('builds api, auth-emulator, gateway and every frontend from the repo', () => {
    expect(built.map(([n]) => n).sort()).toEqual(
      expect.arrayContaining(['api', 'auth-emulator', 'gateway', 'shell', ...Object.keys(REMOTES)].sort()),
    );
  });

  it.each(built.map(([name]) => name))(
    '%s: builds from a Dockerfile that exists, with the repo root as context',
    (name) => {
      const { context, dockerfile } = buildOf(name);
      expect(path.resolve(ROOT, context)).toBe(ROOT);
      expect(existsSync(path.resolve(ROOT, context, dockerfile))).toBe(true);
    },
  );

  it.each(built.map(([name]) => name))(
    '%s: every COPY source exists in the repo and is not excluded by .dockerignore',
    (name) => {
      const { context, dockerfile, args } = buildOf(name);
      const copies = copiesOf(path.join(context, dockerfile), args).filter((c) => c.from === undefined);
      expect(copies.length).toBeGreaterThan(0);
      for (const c of copies) {
        for (const source of c.sources) {
          expect({ source, exists: existsSync(path.resolve(ROOT, context, source)) }).toEqual({
            source,
            exists: true,
          });
          expect({ source, ignored: isDockerIgnored(source) }).toEqual({ source, ignored: false });
        }
      }
    },
  );

  it('copies every workspace manifest before npm ci (npm ci needs all workspaces of the lock file)', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const dockerfile of ['docker/api.Dockerfile', 'docker/web.Dockerfile']) {
      const copied = copiesOf(dockerfile, {}).flatMap((c) => (c.from ? [] : c.sources));
      for (const ws of workspaces)
        expect({ dockerfile, manifest: copied.includes(`${ws}/package.json`) }).toEqual({
          dockerfile,
          manifest: true,
        });
      expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
    }
  });

  it('.dockerignore keeps node_modules, build output, local data, git and test output out of the context', () => {
    for (const p of [
      'node_modules',
      'api/node_modules',
      'shared/dist',
      'mfe-booking/dist',
      '.data',
      '.git',
      'coverage',
      'test-results',
      'playwright-report',
      'e2e/.artifacts',
    ]) {
      expect({ path: p, ignored: isDockerIgnored(p) }).toEqual({ path: p, ignored: true });
    }
  });

  it('builds each frontend image from docker/web.Dockerfile with APP set to a workspace that has a build script', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const [name, { app }] of Object.entries(WEB_SERVICES)) {
      const build = buildOf(name);
      expect({ service: name, dockerfile: build.dockerfile, app: build.args.APP }).toEqual({
        service: name,
        dockerfile: 'docker/web.Dockerfile',
        app,
      });
      expect(workspaces).toContain(app);
      const pkg = JSON.parse(read(`${app}/package.json`)) as {
        name: string;
        scripts?: Record<string, string>;
      };
      expect(pkg.scripts?.build).toBeDefined();
      expect(read('docker/web.Dockerfile')).toMatch(/npm run build -w \$\{?APP\}?/);
    }
  });

  it('builds the frontends with MEDORA_TARGET=production, so no image carries the local tools', () => {
    const steps = parseDockerfile(read('docker/web.Dockerfile'));
    const buildStep = steps.find((i) => i.op === 'RUN' && /npm run build -w \$\{?APP\}?/.test(i.args));
    expect(buildStep).toBeDefined();
    // An ENV of the build stage, set before the build runs (or on the RUN line itself).
    const before = steps.slice(0, steps.indexOf(buildStep!) + 1).filter((i) => i.stage === buildStep!.stage);
    const setsTarget = before.some(
      (i) =>
        (i.op === 'ENV' && /(^|\s)MEDORA_TARGET=production(\s|$)/.test(i.args)) ||
        (i.op === 'RUN' && /MEDORA_TARGET=production\s+npm run build -w \$\{?APP\}?/.test(i.args)),
    );
    expect(setsTarget).toBe(true);
  });

  it('the api image builds @medora/shared and the api, and starts api/dist/main.js', () => {
    const text = read('docker/api.Dockerfile');
    const api = JSON.parse(read('api/package.json')) as { name: string };
    const shared = JSON.parse(read('shared/package.json')) as { name: string };
    expect(text).toContain(`npm run build -w ${shared.name}`);
    expect(text).toContain(`npm run build -w ${api.name}`);
    expect(text).toMatch(/--omit=dev/);
    expect(text).toMatch(/CMD \[[^\]]*"api\/dist\/main\.js"\]/);
  });
});

describe('remotes deploy independently', () => {
  it.each(Object.keys(REMOTES))(
    '%s has its own image and no dependencies, so `docker compose up -d --build %s` redeploys it alone',
    (name) => {
      expect(services[name].build).toBeDefined();
      expect(dependsOn(services[name])).toEqual({});
    },
  );

  it('the gateway resolves upstream names per request (resolver + variables), so it survives a redeployed upstream', () => {
    const server = serverOf('docker/nginx/gateway.conf');
    expect(one(server, 'resolver')?.args[0]).toBe('127.0.0.11');
    for (const l of locationsOf(server).filter((loc) => one(loc.body, 'proxy_pass')))
      expect(one(l.body, 'proxy_pass')?.args[0]).toMatch(/\$/);
  });
});

describe('postgres', () => {
  const pg = services.postgres;

  it('runs Postgres 16 or 17 with its data on a named volume', () => {
    expect(pg.image).toMatch(/^postgres:1[67]([.-]|$)/);
    const data = (pg.volumes ?? [])
      .map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`))
      .find((v) => v.includes('/var/lib/postgresql'));
    expect(data).toBeDefined();
    const source = (data as string).split(':')[0];
    expect(Object.keys(compose.volumes ?? {})).toContain(source);
  });

  it('is health-checked with pg_isready', () => {
    expect(healthcheckText(pg)).toMatch(/pg_isready/);
  });
});

describe('auth-emulator', () => {
  const emu = services['auth-emulator'];
  const firebaseJson = JSON.parse(read('docker/auth-emulator/firebase.json')) as {
    emulators: Record<string, { host?: string; port?: number }>;
  };

  it('binds auth, hub and logging on 0.0.0.0 at the default ports', () => {
    expect(firebaseJson.emulators.auth).toEqual({ host: '0.0.0.0', port: DEFAULT_PORTS.AUTH_EMULATOR_PORT });
    expect(firebaseJson.emulators.hub).toEqual({
      host: '0.0.0.0',
      port: DEFAULT_PORTS.AUTH_EMULATOR_HUB_PORT,
    });
    expect(firebaseJson.emulators.logging).toEqual({
      host: '0.0.0.0',
      port: DEFAULT_PORTS.AUTH_EMULATOR_LOGGING_PORT,
    });
  });

  it('publishes the auth port for the browser and keeps exported accounts on a volume', () => {
    expect((emu.ports ?? []).map(publishedPort)).toContainEqual({
      host: DEFAULT_PORTS.AUTH_EMULATOR_PORT,
      target: DEFAULT_PORTS.AUTH_EMULATOR_PORT,
    });
    expect(emu.volumes?.length).toBeGreaterThan(0);
    expect(healthcheckText(emu)).toContain(`:${DEFAULT_PORTS.AUTH_EMULATOR_PORT}`);
  });

  it('starts only the auth emulator of a demo- project, importing and exporting accounts', () => {
    const entry = read('docker/auth-emulator/entrypoint.sh');
    expect(entry).toMatch(/emulators:start --only auth/);
    expect(entry).toMatch(/--export-on-exit/);
    expect(entry).toMatch(/--import/);
    expect(envOf(emu).FIREBASE_PROJECT_ID).toMatch(/^demo-/);
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> };
    expect(read('docker/auth-emulator.Dockerfile')).toContain(
      `FIREBASE_TOOLS_VERSION=${lock.packages['node_modules/firebase-tools'].version}`,
    );
  });
});

describe('api', () => {
  const api = services.api;
  const env = envOf(api);

  it('sets only environment names that api/src/config/config.ts declares', () => {
    const declared = apiConfigEnvNames();
    expect(declared).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'FIREBASE_PROJECT_ID',
        'FIREBASE_AUTH_EMULATOR_HOST',
        'API_PORT',
      ]),
    );
    expect(Object.keys(env).filter((k) => !declared.includes(k))).toEqual([]);
  });

  it('points DATABASE_URL at the postgres service and the Firebase Admin SDK at the auth emulator', () => {
    const db = new URL(env.DATABASE_URL);
    expect(db.protocol).toMatch(/^postgres(ql)?:$/);
    expect(db.hostname).toBe('postgres');
    expect(db.port || '5432').toBe('5432');
    expect(db.pathname).toBe(`/${envOf(services.postgres).POSTGRES_DB}`);
    expect(decodeURIComponent(db.username)).toBe(envOf(services.postgres).POSTGRES_USER);
    expect(decodeURIComponent(db.password)).toBe(envOf(services.postgres).POSTGRES_PASSWORD);
    expect(env.FIREBASE_AUTH_EMULATOR_HOST).toBe(`auth-emulator:${DEFAULT_PORTS.AUTH_EMULATOR_PORT}`);
    expect(env.FIREBASE_PROJECT_ID).toBe(envOf(services['auth-emulator']).FIREBASE_PROJECT_ID);
  });

  // Issue 13: the API refuses NODE_ENV=production with the Auth emulator; this file is the local mode.
  it('runs in explicit local mode (never production with the emulator) with demo data, allowing the gateway origin', () => {
    expect(env.NODE_ENV).not.toBe('production');
    expect(env.FIREBASE_AUTH_EMULATOR_HOST).toBeTruthy();
    expect(env.MEDORA_LOCAL_MODE).toBe('true');
    expect(env.SEED_DEMO_DATA).toBe('true');
    expect(env.CORS_ORIGIN).toBe(`http://localhost:${DEFAULT_PORTS.GATEWAY_PORT}`);
  });

  it('listens on the default API port and is health-checked on /api/health', () => {
    expect(Number(env.API_PORT ?? DEFAULT_PORTS.API_PORT)).toBe(DEFAULT_PORTS.API_PORT);
    expect(containerPorts(api)).toEqual([DEFAULT_PORTS.API_PORT]);
    expect(healthcheckText(api)).toContain(`:${DEFAULT_PORTS.API_PORT}/api/health`);
  });

  it('starts after postgres is healthy', () => {
    expect(dependsOn(api).postgres).toBe('service_healthy');
  });
});

describe('static frontends', () => {
  it.each(Object.keys(WEB_SERVICES))(
    '%s listens on its default port (WEB_PORT, expose, healthcheck)',
    (name) => {
      const { port } = WEB_SERVICES[name];
      expect(Number(envOf(services[name]).WEB_PORT)).toBe(port);
      expect(containerPorts(services[name])).toEqual([port]);
      expect(healthcheckText(services[name])).toContain(`127.0.0.1:${port}/`);
    },
  );

  it('the nginx image renders static.conf as a template, so listen follows WEB_PORT', () => {
    const copies = copiesOf('docker/web.Dockerfile', { APP: 'shell' });
    expect(copies).toContainEqual(
      expect.objectContaining({
        sources: ['docker/nginx/static.conf'],
        dest: expect.stringMatching(/^\/etc\/nginx\/templates\/.+\.conf\.template$/),
      }),
    );
    expect(one(serverOf('docker/nginx/static.conf'), 'listen')?.args[0]).toBe('${WEB_PORT}');
  });

  it('copies the built dist of the app into the nginx root', () => {
    const server = serverOf('docker/nginx/static.conf');
    const root = one(server, 'root')?.args[0];
    expect(copiesOf('docker/web.Dockerfile', { APP: 'mfe-booking' })).toContainEqual(
      expect.objectContaining({ from: 'build', sources: ['/app/mfe-booking/dist'], dest: root }),
    );
  });
});

describe('static nginx config (docker/nginx/static.conf)', () => {
  const server = serverOf('docker/nginx/static.conf');
  const files = new Set([
    '/index.html',
    '/remoteEntry.js',
    '/mf-manifest.json',
    '/runtime-config.json',
    '/main.3f9a1c2b.js',
    '/main.3f9a1c2b.js.map',
    '/styles.8d2e.css',
    '/assets/logo.4b1f.svg',
    '/__federation_expose_BookingPage.91ac.js',
  ]);
  const get = (uri: string) => simulateStatic(server, files, uri);
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  it.each(['/remoteEntry.js', '/mf-manifest.json', '/runtime-config.json'])(
    'serves %s with Cache-Control: no-cache',
    (uri) => {
      expect(get(uri)).toEqual({ status: 200, servedFile: uri, cacheControl: 'no-cache' });
    },
  );

  it.each([
    '/main.3f9a1c2b.js',
    '/main.3f9a1c2b.js.map',
    '/styles.8d2e.css',
    '/assets/logo.4b1f.svg',
    '/__federation_expose_BookingPage.91ac.js',
  ])('serves the hashed asset %s as immutable for a year', (uri) => {
    expect(get(uri)).toEqual({ status: 200, servedFile: uri, cacheControl: IMMUTABLE });
  });

  it.each(['/', '/patient/dashboard', '/book/doctor-42'])(
    'answers the page %s with index.html, revalidated (no-cache)',
    (uri) => {
      expect(get(uri)).toEqual({ status: 200, servedFile: '/index.html', cacheControl: 'no-cache' });
    },
  );

  it.each([
    '/missing.js',
    '/remotes/booking/remoteEntry.js',
    '/old/mf-manifest.json',
    '/runtime.json',
    '/styles.0000.css',
    '/gone.js.map',
  ])('answers a missing %s with 404, never index.html', (uri) => {
    expect(get(uri).status).toBe(404);
  });
});

describe('gateway (docker/nginx/gateway.conf)', () => {
  const server = serverOf('docker/nginx/gateway.conf');
  const locations = locationsOf(server);
  const gw = services.gateway;

  it('is the single origin on the default gateway port', () => {
    expect(one(server, 'listen')?.args[0]).toBe(String(DEFAULT_PORTS.GATEWAY_PORT));
    expect((gw.ports ?? []).map(publishedPort)).toEqual([
      { host: DEFAULT_PORTS.GATEWAY_PORT, target: DEFAULT_PORTS.GATEWAY_PORT },
    ]);
    expect(copiesOf(buildOf('gateway').dockerfile, {})).toContainEqual(
      expect.objectContaining({ sources: ['docker/nginx/gateway.conf'] }),
    );
  });

  it('publishes no other web service on the host (one origin)', () => {
    for (const name of ['api', 'shell', ...Object.keys(REMOTES)])
      expect({ service: name, ports: services[name].ports ?? [] }).toEqual({ service: name, ports: [] });
  });

  it('accepts uploads up to 12 MB and forwards the client headers', () => {
    expect(one(server, 'client_max_body_size')?.args[0]).toBe('12m');
    const headers = all(server, 'proxy_set_header').map((d) => d.args[0]);
    expect(headers).toEqual(
      expect.arrayContaining(['Host', 'X-Real-IP', 'X-Forwarded-For', 'X-Forwarded-Proto']),
    );
  });

  it('routes /api/ to the api service port, keeping the path', () => {
    expect(simulateProxy(locations, '/api/health')).toMatchObject({
      upstream: `api:${DEFAULT_PORTS.API_PORT}`,
      path: '/api/health',
    });
    expect(simulateProxy(locations, '/api/documents/7/file?download=1')).toMatchObject({
      upstream: `api:${DEFAULT_PORTS.API_PORT}`,
      path: '/api/documents/7/file?download=1',
    });
  });

  it.each(Object.keys(REMOTES))('routes /remotes/%s/ to that remote with the prefix stripped', (name) => {
    const port = REMOTE_PORT[name as Remote];
    expect(services[name]).toBeDefined();
    expect(simulateProxy(locations, `/remotes/${name}/remoteEntry.js`)).toMatchObject({
      upstream: `${name}:${port}`,
      path: '/remoteEntry.js',
    });
    expect(simulateProxy(locations, `/remotes/${name}/mf-manifest.json`)).toMatchObject({
      upstream: `${name}:${port}`,
      path: '/mf-manifest.json',
    });
    expect(simulateProxy(locations, `/remotes/${name}/assets/chunk.12ab.js`)).toMatchObject({
      upstream: `${name}:${port}`,
      path: '/assets/chunk.12ab.js',
    });
  });

  it('answers an unknown remote with 404 instead of the shell', () => {
    const location = matchLocation(locations, '/remotes/nope/remoteEntry.js');
    expect(one(location?.body, 'proxy_pass')).toBeUndefined();
    expect(one(location?.body, 'return')?.args).toEqual(['404']);
  });

  it('routes everything else to the shell, path kept', () => {
    const shell = `shell:${DEFAULT_PORTS.SHELL_PORT}`;
    expect(simulateProxy(locations, '/')).toMatchObject({ upstream: shell, path: '/' });
    expect(simulateProxy(locations, '/runtime-config.json')).toMatchObject({
      upstream: shell,
      path: '/runtime-config.json',
    });
    expect(simulateProxy(locations, '/patient/dashboard')).toMatchObject({
      upstream: shell,
      path: '/patient/dashboard',
    });
    expect(simulateProxy(locations, '/apiary')).toMatchObject({ upstream: shell });
  });

  it('proxies only to services that exist in docker-compose.yml, on ports they expose', () => {
    for (const l of locations) {
      const vars = Object.fromEntries(
        all(l.body, 'set').map((s) => [s.args[0].replace(/^\$/, ''), s.args[1]]),
      );
      const pass = one(l.body, 'proxy_pass');
      if (!pass) continue;
      const target = pass.args[0].replace(/\$\{?([A-Za-z_]\w*)\}?/g, (_m, n: string) => vars[n] ?? '');
      const [host, port] = target
        .replace(/^https?:\/\//, '')
        .split('/')[0]
        .split(':');
      expect(Object.keys(services)).toContain(host);
      expect(containerPorts(services[host])).toContain(Number(port));
    }
  });

  it('starts after the api and the shell are healthy', () => {
    expect(dependsOn(gw)).toMatchObject({ api: 'service_healthy', shell: 'service_healthy' });
  });
});

describe('shell runtime config (docker/web/40-runtime-config.sh)', () => {
  const script = 'docker/web/40-runtime-config.sh';
  // The names of the one builder in @medora/shared (shared/src/runtime-config-env.ts).
  const DOCUMENTED: string[] = [...RUNTIME_CONFIG_ENV];
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'medora-runtime-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the entrypoint script with only `env` set; returns its exit status and the JSON it wrote. */
  const run = (env: Record<string, string>) => {
    const out = path.join(dir, `runtime-config-${Math.random().toString(36).slice(2)}.json`);
    const res = spawnSync('sh', [rel(script), out], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      encoding: 'utf8',
    });
    return {
      status: res.status,
      stderr: res.stderr,
      json: existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as unknown) : undefined,
    };
  };

  it('reads exactly the documented environment names', () => {
    const used = [...new Set([...read(script).matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]))].filter(
      (n) => n !== 'PATH',
    );
    expect(used.sort()).toEqual([...DOCUMENTED].sort());
  });

  it('the shell service sets only documented names (plus WEB_PORT)', () => {
    expect(
      Object.keys(envOf(services.shell)).filter((k) => k !== 'WEB_PORT' && !DOCUMENTED.includes(k)),
    ).toEqual([]);
  });

  it('is installed as an nginx entrypoint hook, kept only in the shell image', () => {
    const copies = copiesOf('docker/web.Dockerfile', { APP: 'shell' });
    expect(copies).toContainEqual(
      expect.objectContaining({
        sources: [script],
        dest: expect.stringMatching(/^\/docker-entrypoint\.d\/.+\.sh$/),
      }),
    );
    expect(read('docker/web.Dockerfile')).toMatch(/"\$\{APP\}" = "shell"/);
    expect(statSync(rel(script)).mode & 0o111).not.toBe(0);
  });

  it('writes the documented defaults as a config that runtimeConfigSchema accepts', () => {
    const { status, json } = run({ MEDORA_MODE: 'local' });
    expect(status).toBe(0);
    expect(runtimeConfigSchema.parse(json)).toEqual({
      mode: 'local',
      apiBaseUrl: '/api',
      remotes: {
        landing: '/remotes/landing/mf-manifest.json',
        patient: '/remotes/patient/mf-manifest.json',
        booking: '/remotes/booking/mf-manifest.json',
        provider: '/remotes/provider/mf-manifest.json',
      },
      firebase: { apiKey: expect.any(String), authDomain: expect.any(String), projectId: 'demo-medora' },
    });
  });

  it('writes what the compose shell service sets, including the emulator URL', () => {
    const env = envOf(services.shell);
    const { status, json } = run(env);
    expect(status).toBe(0);
    const config = runtimeConfigSchema.parse(json);
    expect(config).toEqual({
      mode: env.MEDORA_MODE,
      apiBaseUrl: env.API_BASE_URL,
      remotes: {
        landing: env.REMOTE_LANDING_URL,
        patient: env.REMOTE_PATIENT_URL,
        booking: env.REMOTE_BOOKING_URL,
        provider: env.REMOTE_PROVIDER_URL,
      },
      firebase: {
        apiKey: env.FIREBASE_API_KEY,
        authDomain: env.FIREBASE_AUTH_DOMAIN,
        projectId: env.FIREBASE_PROJECT_ID,
      },
      authEmulatorUrl: `http://localhost:${DEFAULT_PORTS.AUTH_EMULATOR_PORT}`,
    });
    expect(config.apiBaseUrl).toBe('/api');
    expect(config.firebase.projectId).toBe(envOf(services.api).FIREBASE_PROJECT_ID);
  });

  it('escapes quotes and backslashes into valid JSON', () => {
    const { status, json } = run({ MEDORA_MODE: 'local', FIREBASE_API_KEY: 'a"b\\c' });
    expect(status).toBe(0);
    expect(runtimeConfigSchema.parse(json).firebase.apiKey).toBe('a"b\\c');
  });

  it('refuses to start in production mode without the Firebase settings, or with the emulator', () => {
    expect(run({ MEDORA_MODE: 'production' }).status).not.toBe(0);
    const firebase = {
      FIREBASE_API_KEY: 'k',
      FIREBASE_AUTH_DOMAIN: 'medora.firebaseapp.com',
      FIREBASE_PROJECT_ID: 'medora-prod',
    };
    expect(
      run({ MEDORA_MODE: 'production', ...firebase, AUTH_EMULATOR_URL: 'http://localhost:9099' }).status,
    ).not.toBe(0);
    const ok = run({ MEDORA_MODE: 'production', ...firebase });
    expect(ok.status).toBe(0);
    expect(runtimeConfigSchema.parse(ok.json)).toMatchObject({
      mode: 'production',
      firebase: { projectId: 'medora-prod' },
    });
    expect(ok.json).not.toHaveProperty('authEmulatorUrl');
  });

  it('rejects an unknown MEDORA_MODE', () => {
    expect(run({ MEDORA_MODE: 'staging' }).status).not.toBe(0);
  });

  // Issue 14 §1: the sh script and buildRuntimeConfig are two spellings of one rule; for the same
  // environment they must write the same JSON or both refuse.
  const environments: [string, Record<string, string>][] = [
    ['nothing set (production without Firebase: refused)', {}],
    ['local mode, all defaults', { MEDORA_MODE: 'local' }],
    [
      'local mode, another project (derived auth domain)',
      { MEDORA_MODE: 'local', FIREBASE_PROJECT_ID: 'demo-x' },
    ],
    [
      'local mode, empty values count as unset',
      { MEDORA_MODE: 'local', API_BASE_URL: '', FIREBASE_API_KEY: '' },
    ],
    ['local mode with the emulator', { MEDORA_MODE: 'local', AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' }],
    ['an emulator address that is not http(s)', { MEDORA_MODE: 'local', AUTH_EMULATOR_URL: 'ftp://x' }],
    [
      'every remote and the API elsewhere',
      {
        MEDORA_MODE: 'local',
        API_BASE_URL: 'https://api.example.com',
        REMOTE_LANDING_URL: 'https://cdn.example/landing/mf-manifest.json',
        REMOTE_PATIENT_URL: 'https://cdn.example/patient/mf-manifest.json',
        REMOTE_BOOKING_URL: 'https://cdn.example/booking/mf-manifest.json',
        REMOTE_PROVIDER_URL: 'https://cdn.example/provider/mf-manifest.json',
      },
    ],
    [
      'production with Firebase',
      {
        MEDORA_MODE: 'production',
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_DOMAIN: 'd',
        FIREBASE_PROJECT_ID: 'p',
      },
    ],
    ['production missing the auth domain', { FIREBASE_API_KEY: 'k', FIREBASE_PROJECT_ID: 'p' }],
    [
      'production with the emulator',
      {
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_DOMAIN: 'd',
        FIREBASE_PROJECT_ID: 'p',
        AUTH_EMULATOR_URL: 'http://localhost:9099',
      },
    ],
    ['an unknown mode', { MEDORA_MODE: 'staging' }],
    ['quotes and backslashes', { MEDORA_MODE: 'local', FIREBASE_API_KEY: 'a"b\\c' }],
  ];

  it.each(environments)('writes what buildRuntimeConfig builds: %s', (_case, env) => {
    let built: unknown;
    let refusal: string | undefined;
    try {
      built = buildRuntimeConfig(env);
    } catch (error) {
      refusal = (error as Error).message;
    }
    const { status, json, stderr } = run(env);
    if (refusal === undefined) {
      expect(status).toBe(0);
      expect(json).toEqual(built);
    } else {
      expect(status).not.toBe(0);
      expect(stderr.trim()).toBe(`runtime-config: ${refusal}`);
    }
  });

  it('writes what buildRuntimeConfig builds for the compose shell service', () => {
    const env = envOf(services.shell);
    expect(run(env).json).toEqual(buildRuntimeConfig(env));
  });

  it('is valid POSIX sh', () => {
    expect(() => execFileSync('sh', ['-n', rel(script)])).not.toThrow();
    expect(() => execFileSync('sh', ['-n', rel('docker/auth-emulator/entrypoint.sh')])).not.toThrow();
  });
});
