/**
 * The gateway finds the API replicas by name at request time, as Docker's DNS answers `api` with one
 * address per replica (`docker compose up --scale api=N`). Here a small DNS server answers a name with
 * loopback addresses 127.0.0.2…4 (Linux routes all of 127/8 to lo), one fake API on each, and the
 * real nginx runs the rendered gateway.conf against it. Without nginx: skipped, as in nginx.spec.ts.
 */
import type { Socket } from 'node:dgram';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildRuntimeConfig } from '../../shared/src/runtime-config-env';
import { dnsServer } from '../lib/dns-stub';
import { findNginx, NGINX_TEMPLATES, renderSite, startNginx, type RunningNginx } from '../lib/nginx';

const NGINX = findNginx();
if (!NGINX && process.env.CI === 'true') {
  throw new Error('nginx is missing: CI must install it (.ci/run installs Debian’s nginx as root).');
}
const describeNginx = NGINX ? describe : describe.skip;

const OFFSET = Number(process.env.PORT_OFFSET ?? 0);
// Below Linux's ephemeral ports (32768-60999): there, a port the kernel gave another socket at random
// (a listen(0), an outgoing connection) can stop nginx from binding; it did once in CI.
const GATEWAY_PORT = 23180 + OFFSET;
const SECOND_GATEWAY_PORT = 23181 + OFFSET;
const API_PORT = 23182 + OFFSET;
const DEAD_PORT = 23189 + OFFSET;
const REPLICAS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
const NAME = 'api.medora.test';

/** A fake API replica on `host`: answers its own address, or 503 like a draining replica. */
function replica(host: string, state: { draining: boolean }): Server {
  return createServer((req, res) => {
    req.resume();
    const status = state.draining ? 503 : 200;
    res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ replica: host, method: req.method }));
  });
}

/** One request through the gateway: status and the replica that answered. */
function send(port: number, method: string): Promise<{ status: number; replica?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/echo', method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        let replica: string | undefined;
        try {
          replica = (JSON.parse(body) as { replica?: string }).replica;
        } catch {
          /* nginx's own error page */
        }
        resolve({ status: res.statusCode ?? 0, replica });
      });
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

const config = buildRuntimeConfig({ MEDORA_MODE: 'local' });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'medora-nginx-replicas-'));
chmodSync(tmp, 0o755);
const states = REPLICAS.map(() => ({ draining: false }));
const servers: Server[] = [];
const running: RunningNginx[] = [];
let dns: Socket;

/** Renders gateway.conf for `apiUpstream` into its own prefix and starts nginx on `port`. */
async function gateway(port: number, apiUpstream: string, resolverPort: number): Promise<RunningNginx> {
  const prefix = path.join(tmp, String(port));
  const dead = `127.0.0.1:${DEAD_PORT}`;
  renderSite(
    path.join(prefix, 'conf.d'),
    NGINX_TEMPLATES.gateway,
    {
      NGINX_PORT: String(port),
      NGINX_RESOLVER: `127.0.0.1:${resolverPort}`,
      API_UPSTREAM: apiUpstream,
      SHELL_UPSTREAM: dead,
      LANDING_UPSTREAM: dead,
      PATIENT_UPSTREAM: dead,
      BOOKING_UPSTREAM: dead,
      PROVIDER_UPSTREAM: dead,
    },
    config,
    'gateway',
  );
  const nginx = await startNginx(NGINX!, prefix, `http://127.0.0.1:${port}/healthz`);
  running.push(nginx);
  return nginx;
}

describeNginx('the gateway and N API replicas found by name', () => {
  let resolverPort: number;

  beforeAll(async () => {
    dns = dnsServer({ [NAME]: REPLICAS });
    await new Promise<void>((resolve) => dns.bind(0, '127.0.0.1', resolve));
    resolverPort = (dns.address() as AddressInfo).port;
    for (const [i, host] of REPLICAS.entries()) {
      const server = replica(host, states[i]!);
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(API_PORT, host, resolve));
    }
    await gateway(GATEWAY_PORT, `${NAME}:${API_PORT}`, resolverPort);
  }, 30_000);

  afterAll(async () => {
    await Promise.all(running.map((n) => n.stop()));
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    dns?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('sends requests to every address the name resolves to', async () => {
    // nginx's resolver rotates the addresses at random: 40 requests miss one of 3 with p ≈ 2e-7.
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const res = await send(GATEWAY_PORT, 'GET');
      expect(res.status).toBe(200);
      seen.add(res.replica!);
    }
    expect([...seen].sort()).toEqual(REPLICAS);
  });

  it('moves a GET on from a draining replica (503) and a stopped one, never failing it', async () => {
    states[0]!.draining = true;
    const stopped = servers[1]!;
    await new Promise((r) => stopped.close(r));
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, () => send(GATEWAY_PORT, 'GET')));
      expect(answers.map((a) => [a.status, a.replica])).toEqual(answers.map(() => [200, REPLICAS[2]]));
      // A POST is not retried on a 503: the draining replica's answer reaches the client.
      const posts = await Promise.all(Array.from({ length: 40 }, () => send(GATEWAY_PORT, 'POST')));
      expect(posts.some((p) => p.status === 503 && p.replica === REPLICAS[0])).toBe(true);
      expect(posts.every((p) => p.status !== 502)).toBe(true);
    } finally {
      states[0]!.draining = false;
      await new Promise<void>((resolve) => stopped.listen(API_PORT, REPLICAS[1], resolve));
    }
  });

  it('starts while the API name does not resolve, and answers 502 for /api only', async () => {
    await gateway(SECOND_GATEWAY_PORT, `missing.medora.test:${API_PORT}`, resolverPort);
    const health = await fetch(`http://127.0.0.1:${SECOND_GATEWAY_PORT}/healthz`);
    expect(health.status).toBe(200);
    expect((await send(SECOND_GATEWAY_PORT, 'GET')).status).toBe(502);
  });
});
