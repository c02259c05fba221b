/**
 * The gateway's cost. A hot API read measured directly and through the real nginx running
 * the repository's gateway.conf (rendered as the image renders it), back to back with autocannon
 * (10 connections, 5 s each by default). `npm run bench` calls `benchNginx`; standalone:
 *   npx tsx scripts/lib/bench/nginx.ts [--api http://127.0.0.1:3000] [--path /api/doctors] [--port 42300]
 * (against a running `npm start`, whose API listens on 127.0.0.1:3000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRuntimeConfig } from '../../../shared/src/runtime-config-env.js';
import { DEFAULT_PORTS } from '../ports.js';
import { findNginx, NGINX_TEMPLATES, renderSite, startNginx } from '../nginx.js';
import { runLoad } from './load.js';
import type { LoadFigures } from './report.js';

export interface NginxBenchOptions {
  /** The API's own address, e.g. http://127.0.0.1:3000. */
  apiUrl: string;
  /** A hot read, e.g. /api/doctors. */
  path: string;
  /** Where nginx listens (loopback). */
  port: number;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  nginxBin?: string;
}

export interface NginxBenchRow {
  route: 'direct' | 'nginx' | 'nginx + gzip';
  endpoint: string;
  connections: number;
  figures: LoadFigures;
  /** req/s relative to the direct run (1 for the direct row). */
  ratio: number;
}

/** Runs the three measurements; throws if nginx is missing or a run had errors or non-2xx answers. */
export async function benchNginx(options: NginxBenchOptions): Promise<NginxBenchRow[]> {
  const binary = options.nginxBin ?? findNginx();
  if (!binary) throw new Error('nginx is missing (apt-get install nginx, or set NGINX_BIN)');
  const api = new URL(options.apiUrl);
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'medora-bench-nginx-'));
  const dead = `127.0.0.1:${options.port + 1}`;
  renderSite(
    path.join(prefix, 'conf.d'),
    NGINX_TEMPLATES.gateway,
    {
      NGINX_PORT: String(options.port),
      NGINX_RESOLVER: '127.0.0.1',
      API_UPSTREAM: api.host,
      SHELL_UPSTREAM: dead,
      LANDING_UPSTREAM: dead,
      PATIENT_UPSTREAM: dead,
      BOOKING_UPSTREAM: dead,
      PROVIDER_UPSTREAM: dead,
    },
    buildRuntimeConfig({ MEDORA_MODE: 'local' }),
    'gateway',
  );
  const nginx = await startNginx(binary, prefix, `http://127.0.0.1:${options.port}/healthz`);
  const connections = options.connections ?? 10;
  const durationSeconds = options.durationSeconds ?? 5;
  const run = (base: string, extra: Record<string, string> = {}, seconds = durationSeconds) =>
    runLoad({
      url: `${base}${options.path}`,
      headers: { ...options.headers, ...extra },
      connections,
      durationSeconds: seconds,
    });
  try {
    const through = `http://127.0.0.1:${options.port}`;
    // Warm both paths (JIT, connection pools, nginx's keep-alive to the API) before measuring.
    await run(options.apiUrl, {}, 1);
    await run(through, {}, 1);
    const direct = await run(options.apiUrl);
    const proxied = await run(through);
    const gzipped = await run(through, { 'accept-encoding': 'gzip' });
    const rows: NginxBenchRow[] = [
      { route: 'direct', figures: direct, ratio: 1 },
      { route: 'nginx', figures: proxied, ratio: proxied.rps / direct.rps },
      { route: 'nginx + gzip', figures: gzipped, ratio: gzipped.rps / direct.rps },
    ].map((r) => ({ ...r, endpoint: `GET ${options.path}`, connections }) as NginxBenchRow);
    for (const row of rows) {
      if (row.figures.errors || row.figures.non2xx) {
        throw new Error(`${row.route}: ${row.figures.non2xx} non-2xx answers, ${row.figures.errors} errors`);
      }
    }
    return rows;
  } finally {
    await nginx.stop();
    rmSync(prefix, { recursive: true, force: true });
  }
}

/** The rows as a markdown table. */
export function nginxTable(rows: NginxBenchRow[]): string {
  const lines = [
    '| route | endpoint | connections | req/s | p50 | p99 | vs direct |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.route} | ${r.endpoint} | ${r.connections} | ${r.figures.rps.toFixed(0)} | ` +
        `${r.figures.p50.toFixed(2)} ms | ${r.figures.p99.toFixed(2)} ms | ${r.ratio.toFixed(2)} |`,
    ),
  ];
  return lines.join('\n');
}

if (require.main === module) {
  const flag = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  benchNginx({
    apiUrl: flag('api') ?? `http://127.0.0.1:${DEFAULT_PORTS.API_PORT}`,
    path: flag('path') ?? '/api/doctors',
    port: Number(flag('port') ?? 42300),
    durationSeconds: Number(flag('seconds') ?? 5),
  }).then(
    (rows) => console.log(nginxTable(rows)),
    (error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    },
  );
}
