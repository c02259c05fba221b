import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApiIfStale } from '../../scripts/lib/build.js';
import { findRepoRoot } from '../src/config/config.js';

/** The repository root (api/dist lives under it). */
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** `api/dist` up to date with the sources: the tests below start the built API as a real process. */
export function buildApi(): Promise<void> {
  return buildApiIfStale(repoRoot, () => undefined);
}

export interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

export interface NodeProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  exited: Promise<Exited>;
}

/** Runs `api/dist/<script>` with exactly `env` (plus PATH and HOME), collecting its output. */
export function runBuilt(script: string, env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, [path.join(repoRoot, 'api', 'dist', script)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<Exited>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, output })),
  );
  return { child, output: () => output, exited };
}

export interface Outcome {
  /** The HTTP status of a complete answer; undefined when the request failed. */
  status?: number;
  /** The error code of a failed request (ECONNREFUSED, ECONNRESET, …). */
  error?: string;
  startedAt: number;
  endedAt: number;
}

/**
 * One GET on a new connection (no keep-alive), read to its end: either a complete HTTP answer or the
 * error code of the connection.
 */
export function getOnce(port: number, urlPath: string): Promise<Outcome> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, startedAt, endedAt: performance.now() }));
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, startedAt, endedAt: performance.now() }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, startedAt, endedAt: performance.now() }),
    );
  });
}

/** Polls `GET urlPath` until it answers 200, the process exits, or `timeoutMs` passes. */
export async function waitFor200(
  port: number,
  urlPath: string,
  proc: NodeProcess,
  timeoutMs = 60_000,
): Promise<void> {
  let exited: Exited | undefined;
  void proc.exited.then((e) => (exited = e));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The API exited (${exited.code}) before it was ready:\n${exited.output}`);
    if ((await getOnce(port, urlPath)).status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No 200 from ${urlPath} within ${timeoutMs} ms:\n${proc.output()}`);
}

/** The rows of one statement on a connection of its own (closed afterwards). */
export async function queryRows<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}
