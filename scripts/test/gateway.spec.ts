import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
});
