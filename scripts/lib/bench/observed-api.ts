import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stopProcessGroup } from '../auth-emulator.js';
import { waitForHttp } from '../wait.js';

export interface ObservedApi {
  url: string;
  metricsUrl: string;
  pid: number | undefined;
  logFile: string;
  stop: () => Promise<void>;
}

/**
 * A second API process from the same build on the same database, configured as production runs it:
 * JSON request logs at info (LOG_LEVEL=log) written to a file — as a container's stdout goes to a
 * log file — and Prometheus metrics on METRICS_PORT (the log/metrics overhead).
 */
export async function startObservedApi(opts: {
  root: string;
  env: NodeJS.ProcessEnv;
  port: number;
  metricsPort: number;
  databaseUrl: string;
  logFile: string;
}): Promise<ObservedApi> {
  const fd = openSync(opts.logFile, 'a');
  const child = spawn(process.execPath, [path.join(opts.root, 'api', 'dist', 'main.js')], {
    cwd: opts.root,
    env: {
      ...opts.env,
      API_PORT: String(opts.port),
      API_HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      LOG_LEVEL: 'log',
      METRICS_PORT: String(opts.metricsPort),
      METRICS_HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
    },
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(
        new Error(
          `The observed API exited with code ${code}:\n${readFileSync(opts.logFile, 'utf8').slice(-2000)}`,
        ),
      ),
    ),
  );
  exited.catch(() => undefined);
  await Promise.race([waitForHttp(`${url}/api/health`, 60_000, true), exited]);
  return {
    url,
    metricsUrl: `http://127.0.0.1:${opts.metricsPort}/metrics`,
    pid: child.pid,
    logFile: opts.logFile,
    stop: () => stopProcessGroup(child),
  };
}

/** Request lines in the observed API's log file, and its size. */
export function logFileFigures(file: string): { requestLines: number; bytes: number } {
  const text = readFileSync(file, 'utf8');
  const requestLines = text.split('\n').filter((l) => l.includes('"msg":"request completed"')).length;
  return { requestLines, bytes: Buffer.byteLength(text) };
}

/** Requests the observed API's histogram counted (every route), from one scrape. */
export async function countedRequests(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('http_request_duration_seconds_count{'))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}
