import { spawn, type ChildProcess } from 'node:child_process';
import { readableLogLine } from './readable-log.js';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startAuthEmulator, stopProcessGroup, type RunningAuthEmulator } from './auth-emulator.js';
import { API_PACKAGE, buildAll } from './build.js';
import { createGateway } from './gateway.js';
import { isLoopback, resolveBindHost, resolvePorts, type Ports } from './ports.js';
import { buildRuntimeConfig } from '../../shared/src/runtime-config-env.js';
import { localSecret } from '../../api/src/config/local-secret.js';
import { createStaticServer } from './static-server.js';
import { securityHeaders, servedOverTls } from './security-headers.js';
import { waitForHttp } from './wait.js';

export const REMOTES = {
  landing: { pkg: 'mfe-landing', port: 'LANDING_PORT' },
  patient: { pkg: 'mfe-patient', port: 'PATIENT_PORT' },
  booking: { pkg: 'mfe-booking', port: 'BOOKING_PORT' },
  provider: { pkg: 'mfe-provider', port: 'PROVIDER_PORT' },
} as const;
export type RemoteKey = keyof typeof REMOTES;

export interface StackOptions {
  root: string;
  dev: boolean;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

interface FrontendServer {
  name: string;
  port: number;
  dir: string;
  spa: boolean;
  server?: Server;
  child?: ChildProcess;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function prefixLines(
  prefix: string,
  log: (line: string) => void,
  format: (line: string) => string = (l) => l,
) {
  let buffer = '';
  return (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) log(`[${prefix}] ${format(line)}`);
  };
}

/** The file under DATA_DIR/secrets with this install's MAIL_LINK_SECRET. */
export const MAIL_LINK_SECRET_FILE = 'mail-link-secret';

/**
 * Everything `npm start` runs, on one machine: the Firebase Auth emulator, the API (which starts
 * embedded Postgres when DATABASE_URL is unset), one server per remote, the shell and the gateway that
 * gives them one origin.
 */
export class Stack {
  readonly ports: Ports;
  /** BIND_HOST: where the gateway and the frontend servers listen (loopback unless opened on purpose). */
  readonly bindHost: string;
  readonly dataDir: string;
  private emulator?: RunningAuthEmulator;
  private emulatorStarting?: Promise<void>;
  private api?: ChildProcess;
  private apiWatch?: ChildProcess;
  private gateway?: Server;
  private control?: Server;
  private readonly frontends = new Map<string, FrontendServer>();
  private stopping = false;
  private startedAt = Date.now();

  constructor(private readonly opts: StackOptions) {
    this.ports = resolvePorts(opts.env);
    this.bindHost = resolveBindHost(opts.env);
    this.dataDir = path.resolve(opts.root, opts.env.DATA_DIR || '.data');
  }

  get origin(): string {
    return `http://localhost:${this.ports.GATEWAY_PORT}`;
  }

  private get firebaseProjectId(): string {
    return this.opts.env.FIREBASE_PROJECT_ID || 'demo-medora';
  }

  /** Real Firebase settings (a service account and no emulator host) switch the emulator off. */
  private get useEmulator(): boolean {
    const env = this.opts.env;
    return !env.GOOGLE_APPLICATION_CREDENTIALS || Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
  }

  /** Known before the emulator this stack starts is ready: the API boots beside it. */
  private get emulatorHost(): string | undefined {
    if (this.opts.env.FIREBASE_AUTH_EMULATOR_HOST) return this.opts.env.FIREBASE_AUTH_EMULATOR_HOST;
    return this.useEmulator ? `127.0.0.1:${this.ports.AUTH_EMULATOR_PORT}` : undefined;
  }

  async start(): Promise<void> {
    const { root, log, env } = this.opts;
    mkdirSync(this.dataDir, { recursive: true });
    this.startedAt = Date.now();
    const phase = (what: string) => this.phase(what);

    // The emulator needs no build: start it first so its boot overlaps the builds.
    const emulatorPromise =
      this.useEmulator && !env.FIREBASE_AUTH_EMULATOR_HOST
        ? startAuthEmulator({
            projectId: this.firebaseProjectId,
            port: this.ports.AUTH_EMULATOR_PORT,
            hubPort: this.ports.AUTH_EMULATOR_HUB_PORT,
            loggingPort: this.ports.AUTH_EMULATOR_LOGGING_PORT,
            dataDir: path.join(this.dataDir, 'auth'),
            persist: true,
            repoRoot: root,
            log: env.DEBUG_STACK ? (l: string) => log(`[auth] ${l.trim()}`) : undefined,
          }).then((e) => {
            this.emulator = e;
            phase('Auth emulator ready');
          })
        : Promise.resolve();
    // Surface an emulator failure only where it is awaited, not as an unhandled rejection.
    emulatorPromise.catch(() => undefined);
    this.emulatorStarting = emulatorPromise;

    // The API boots (Postgres, migrations, demo data) as soon as its own build is ready, while the
    // emulator boots and the frontends build: only its demo accounts wait for the emulator (in the API,
    // bounded: api/src/dev/auth-emulator-ready.ts).
    let apiBuilt!: () => void;
    const apiBuild = new Promise<void>((resolve) => (apiBuilt = resolve));
    const building = buildAll(root, {
      onlyStale: true,
      log,
      onReady: (pkg) => pkg === API_PACKAGE && apiBuilt(),
    });
    const apiStarting = this.opts.dev
      ? null
      : apiBuild.then(() => this.startApi()).then(() => phase('API ready'));
    apiStarting?.catch(() => undefined);
    if (this.opts.dev) {
      await building.catch((e: Error) => log(e.message));
    } else {
      const built = await building;
      log(built.length ? `Built: ${built.join(', ')}` : 'All packages are up to date.');
    }

    await Promise.all([emulatorPromise, this.startFrontends()]);
    phase('Frontend servers listening');
    await (apiStarting ?? this.startApi());
    await this.startGateway();
    await this.startControl();
    const warning = this.exposureWarning();
    if (warning) log(warning);
  }

  /** One line per phase, with the seconds since the start: where a slow start spends its time. */
  private phase(what: string): void {
    this.opts.log(`${what} after ${((Date.now() - this.startedAt) / 1000).toFixed(1)} s`);
  }

  private apiEnv(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...this.opts.env,
      API_PORT: String(this.ports.API_PORT),
      DATA_DIR: this.dataDir,
      EMBEDDED_PG_PORT: String(this.ports.EMBEDDED_PG_PORT),
      FIREBASE_PROJECT_ID: this.firebaseProjectId,
      CORS_ORIGIN: this.opts.env.CORS_ORIGIN || `${this.origin},http://127.0.0.1:${this.ports.GATEWAY_PORT}`,
      SEED_DEMO_DATA: this.opts.env.SEED_DEMO_DATA ?? 'true',
      // One API process here, so it applies migrations and the seed itself, even in
      // production mode (where replicas leave that to `npm run migrate`).
      MIGRATE_ON_BOOT: this.opts.env.MIGRATE_ON_BOOT || 'true',
      NODE_ENV: this.opts.dev ? 'development' : 'production',
      // The unsubscribe links' key: this install's own, generated once and kept beside its data, so
      // the links in the local mailbox survive restarts and nobody else's copy of the code can forge them.
      MAIL_LINK_SECRET: this.opts.env.MAIL_LINK_SECRET || localSecret(this.dataDir, MAIL_LINK_SECRET_FILE),
    };
    if (this.emulatorHost) {
      // The API refuses NODE_ENV=production with the Auth emulator; against it the stack runs
      // in explicit local mode (demo accounts and the role-name shortcut), still from the production build.
      env.FIREBASE_AUTH_EMULATOR_HOST = this.emulatorHost;
      env.NODE_ENV = 'development';
      env.MEDORA_LOCAL_MODE = 'true';
    }
    return env;
  }

  private async startApi(): Promise<void> {
    const { root, log } = this.opts;
    // A start that failed meanwhile (the emulator, a build) is being stopped: no API outliving it.
    if (this.stopping) return;
    const main = path.join(root, 'api', 'dist', 'main.js');
    const args = this.opts.dev ? ['--watch', main] : [main];
    if (this.opts.dev) {
      this.apiWatch = spawn(
        path.join(root, 'node_modules', '.bin', 'tsc'),
        ['-p', 'api/tsconfig.build.json', '--watch', '--preserveWatchOutput'],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        },
      );
      this.apiWatch.stdout?.on('data', prefixLines('api:tsc', log));
    }
    this.phase('API starting');
    const api = spawn(process.execPath, args, {
      cwd: root,
      env: this.apiEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.api = api;
    // One readable line per request and event at a terminal; MEDORA_LOG_FORMAT=json keeps the JSON.
    const format = this.opts.env.MEDORA_LOG_FORMAT === 'json' ? undefined : readableLogLine;
    api.stdout?.on('data', prefixLines('api', log, format));
    api.stderr?.on('data', prefixLines('api', log, format));
    const exited = new Promise<never>((_, reject) =>
      api.once('exit', (code) =>
        reject(new Error(`The API exited with code ${code} before it was ready (see [api] lines above).`)),
      ),
    );
    await Promise.race([
      waitForHttp(`http://127.0.0.1:${this.ports.API_PORT}/api/health`, 120_000, true),
      exited,
    ]);
    exited.catch(() => undefined);
    api.once('exit', (code) => {
      if (!this.stopping) log(`[api] exited with code ${code}`);
    });
  }

  private frontendList(): FrontendServer[] {
    const { root } = this.opts;
    const list: FrontendServer[] = [
      { name: 'shell', port: this.ports.SHELL_PORT, dir: path.join(root, 'shell', 'dist'), spa: true },
    ];
    for (const [name, r] of Object.entries(REMOTES)) {
      list.push({ name, port: this.ports[r.port], dir: path.join(root, r.pkg, 'dist'), spa: false });
    }
    return list;
  }

  private runtimeConfig() {
    return buildRuntimeConfig({
      ...this.opts.env,
      // This stack is the local one (emulator, demo project) unless told otherwise.
      MEDORA_MODE: this.opts.env.MEDORA_MODE || 'local',
      FIREBASE_PROJECT_ID: this.firebaseProjectId,
      AUTH_EMULATOR_URL:
        this.opts.env.AUTH_EMULATOR_URL || (this.emulatorHost ? `http://${this.emulatorHost}` : undefined),
    });
  }

  /** The one header policy, for the runtime config this stack serves. */
  private readonly securityHeaders = (req: IncomingMessage) =>
    securityHeaders(this.runtimeConfig(), { tls: servedOverTls(req), dev: this.opts.dev });

  private async startFrontends(): Promise<void> {
    await Promise.all(this.frontendList().map((fe) => this.startFrontend(fe)));
  }

  private async startFrontend(fe: FrontendServer): Promise<void> {
    this.frontends.set(fe.name, fe);
    if (this.opts.dev) {
      const pkg = fe.name === 'shell' ? 'shell' : REMOTES[fe.name as RemoteKey].pkg;
      fe.child = spawn('npm', ['run', 'dev', '-w', pkg], {
        cwd: this.opts.root,
        env: {
          ...this.opts.env,
          ...Object.fromEntries(Object.entries(this.ports).map(([k, v]) => [k, String(v)])),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      fe.child.stdout?.on('data', prefixLines(fe.name, this.opts.log));
      fe.child.stderr?.on('data', prefixLines(fe.name, this.opts.log));
      await waitForHttp(`http://127.0.0.1:${fe.port}/`, 180_000);
      return;
    }
    fe.server = createStaticServer({ dir: fe.dir, spa: fe.spa, headers: this.securityHeaders });
    await listen(fe.server, fe.port, this.bindHost);
  }

  /** Stops one frontend server (the end-to-end test stops a remote on purpose). */
  async stopFrontend(name: string): Promise<void> {
    const fe = this.frontends.get(name);
    if (!fe) throw new Error(`No frontend named ${name}`);
    await close(fe.server);
    fe.server = undefined;
    if (fe.child) await stopProcessGroup(fe.child);
  }

  /** Starts it again, optionally from another build folder (a redeployed remote). */
  async startFrontendAgain(name: string, dir?: string): Promise<void> {
    const fe = this.frontends.get(name);
    if (!fe) throw new Error(`No frontend named ${name}`);
    await this.stopFrontend(name);
    if (dir) fe.dir = dir;
    await this.startFrontend(fe);
  }

  private async startGateway(): Promise<void> {
    const local = (port: number) => `http://127.0.0.1:${port}`;
    this.gateway = createGateway({
      api: local(this.ports.API_PORT),
      shell: local(this.ports.SHELL_PORT),
      remotes: Object.fromEntries(
        Object.entries(REMOTES).map(([name, r]) => [name, local(this.ports[r.port])]),
      ),
      documents: { '/runtime-config.json': () => this.runtimeConfig() },
      securityHeaders: this.securityHeaders,
      // The access log (no patient ids) only on request: the API's own lines already name each request.
      accessLog: this.opts.env.DEBUG_STACK ? (line) => this.opts.log(`[gateway] ${line}`) : undefined,
    });
    await listen(this.gateway, this.ports.GATEWAY_PORT, this.bindHost);
  }

  /**
   * A warning when local mode (the Auth emulator, demo sign-ins, the mailbox) is reachable from other
   * machines; undefined when the stack listens on loopback or uses a real Firebase project.
   */
  exposureWarning(): string | undefined {
    if (isLoopback(this.bindHost) || !this.emulatorHost) return undefined;
    return (
      `WARNING: BIND_HOST=${this.bindHost} opens local mode to the network: anyone who reaches port ` +
      `${this.ports.GATEWAY_PORT} can sign in as a demo admin (POST /api/dev/demo-session) and read every ` +
      'mail sent (/api/dev/mail). Unset BIND_HOST unless this network is yours alone.'
    );
  }

  /** A local-only control port for end-to-end tests (MEDORA_CONTROL_PORT); never set in production. */
  private async startControl(): Promise<void> {
    const port = Number(this.opts.env.MEDORA_CONTROL_PORT || 0);
    if (!port) return;
    this.control = createServer((req, res) => {
      const match = /^\/services\/([a-z]+)\/(stop|start)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404).end();
        return;
      }
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const [, name, action] = match;
        const dir = body ? (JSON.parse(body) as { dir?: string }).dir : undefined;
        const work = action === 'stop' ? this.stopFrontend(name!) : this.startFrontendAgain(name!, dir);
        work.then(
          () => res.writeHead(204).end(),
          (e: Error) => res.writeHead(500).end(e.message),
        );
      });
    });
    await new Promise<void>((resolve) => this.control!.listen(port, '127.0.0.1', () => resolve()));
  }

  describe(): string {
    const p = this.ports;
    const rows = [
      ['Medora', this.origin],
      ['API', `${this.origin}/api (OpenAPI: ${this.origin}/api/docs) ← 127.0.0.1:${p.API_PORT}`],
      [
        'Database',
        this.opts.env.DATABASE_URL
          ? 'DATABASE_URL'
          : `embedded Postgres 127.0.0.1:${p.EMBEDDED_PG_PORT}, data in ${path.join(this.dataDir, 'postgres')}`,
      ],
      [
        'Auth',
        this.emulatorHost
          ? `Firebase Auth emulator http://${this.emulatorHost} (project ${this.firebaseProjectId})`
          : 'Firebase Auth (real project)',
      ],
      ['Shell', `127.0.0.1:${p.SHELL_PORT}`],
      ...Object.entries(REMOTES).map(([name, r]) => [
        `Remote ${name}`,
        `${this.origin}/remotes/${name}/ ← 127.0.0.1:${p[r.port]}`,
      ]),
    ];
    return rows.map(([k, v]) => `  ${k!.padEnd(16)} ${v}`).join('\n');
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    await close(this.control);
    await close(this.gateway);
    await Promise.all(
      [...this.frontends.keys()].map((name) => this.stopFrontend(name).catch(() => undefined)),
    );
    if (this.apiWatch) await stopProcessGroup(this.apiWatch);
    if (this.api) await stopProcessGroup(this.api, 15_000);
    await this.emulatorStarting?.catch(() => undefined);
    if (this.emulator) await this.emulator.stop();
  }
}
