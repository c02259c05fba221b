import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { keepConnectionForEarlyAnswers } from '../../api/src/common/early-answer';
import { createGateway, routeRequest, type GatewayRoutes } from '../lib/gateway';

const routes: GatewayRoutes = {
  api: 'http://127.0.0.1:3000',
  shell: 'http://127.0.0.1:3100',
  remotes: { booking: 'http://127.0.0.1:3103' },
  documents: { '/runtime-config.json': () => ({ mode: 'local' }) },
};

describe('gateway routing', () => {
  it('keeps the /api prefix when forwarding to the API', () => {
    expect(routeRequest(routes, '/api/users/abc?x=1')).toEqual({
      target: routes.api,
      path: '/api/users/abc?x=1',
    });
  });

  it('strips the /remotes/<name> prefix when forwarding to a remote', () => {
    expect(routeRequest(routes, '/remotes/booking/mf-manifest.json')).toEqual({
      target: routes.remotes.booking,
      path: '/mf-manifest.json',
    });
  });

  it('answers unknown remotes with nothing instead of the shell', () => {
    expect(routeRequest(routes, '/remotes/nope/remoteEntry.js')).toBeNull();
  });

  it('sends every other path to the shell and serves its own documents', () => {
    expect(routeRequest(routes, '/dashboard')).toEqual({ target: routes.shell, path: '/dashboard' });
    expect(routeRequest(routes, '/runtime-config.json')).toEqual({ document: '/runtime-config.json' });
  });
});

describe('gateway proxying', () => {
  let upstream: Server;
  let gateway: Server;
  let base: string;

  beforeAll(async () => {
    upstream = createServer((req, res) => res.end(`upstream saw ${req.url}`));
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const up = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    gateway = createGateway({ api: up, shell: up, remotes: { booking: 'http://127.0.0.1:1' } });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => gateway.close(r));
    await new Promise((r) => upstream.close(r));
  });

  it('streams the upstream answer back', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(await res.text()).toBe('upstream saw /api/health');
  });

  it('answers 502 when the service behind a path is down', async () => {
    const res = await fetch(`${base}/remotes/booking/mf-manifest.json`);
    expect(res.status).toBe(502);
  });

  it('answers an unknown remote with a 404 that no cache keeps, not the shell', async () => {
    for (const path of ['/remotes/x', '/remotes/nope/remoteEntry.js']) {
      const res = await fetch(`${base}${path}`);
      expect({ path, status: res.status, cache: res.headers.get('cache-control') }).toEqual({
        path,
        status: 404,
        cache: 'no-store',
      });
      expect(await res.text()).not.toContain('upstream saw');
    }
  });
});

describe('gateway and a body the upstream refuses before reading it', () => {
  const TEN_MB_JSON = JSON.stringify({ text: 'a'.repeat(10 * 1024 * 1024) });
  let api: FastifyInstance;
  let closer: Server;
  let gateway: Server;
  let base: string;

  beforeAll(async () => {
    // Fastify with the API's JSON limit and its early-answer hook: a 413 decided on Content-Length.
    api = Fastify({ bodyLimit: 1024 * 1024 });
    keepConnectionForEarlyAnswers(api);
    api.post('/api/notes', async () => ({ ok: true }));
    await api.listen({ port: 0, host: '127.0.0.1' });
    // An upstream that answers at once and then reads nothing more of the body.
    closer = createServer((req, res) => {
      req.socket.pause();
      res.writeHead(413, { 'content-type': 'text/plain', 'content-length': '9' });
      res.end('too large');
    });
    await new Promise<void>((r) => closer.listen(0, '127.0.0.1', () => r()));
    const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    const closerUrl = `http://127.0.0.1:${(closer.address() as AddressInfo).port}`;
    gateway = createGateway({ api: apiUrl, shell: closerUrl, remotes: {} });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => gateway.close(r));
    await new Promise((r) => closer.close(r));
    await api.close();
  });

  it('passes the API’s 413 for a 10 MB JSON body on, not a 502', async () => {
    const res = await fetch(`${base}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: TEN_MB_JSON,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(413);
    // The same connection pool keeps working afterwards.
    const small = await fetch(`${base}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(small.status).toBe(200);
  });

  it('passes on an early answer from an upstream that reads no more of the body', async () => {
    const res = await fetch(`${base}/upload`, { method: 'POST', body: TEN_MB_JSON });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe('too large');
  });
});
