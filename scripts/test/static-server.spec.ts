import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cacheControlFor, createStaticServer } from '../lib/static-server';

describe('static server', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'medora-static-'));
  let server: Server;
  let base: string;

  beforeAll(async () => {
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'var remote = 1;');
    writeFileSync(path.join(dir, 'main.1a2b3c4d.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    server = createStaticServer({
      dir,
      spa: true,
      documents: { '/runtime-config.json': () => ({ mode: 'local' }) },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((r) => server.close(r)));

  it('marks the files that name a build as no-cache and hashed assets as immutable', () => {
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/robots.txt')).toBe('no-cache');
    expect(cacheControlFor('/x/main.1a2b3c4d.js')).toContain('immutable');
  });

  it('lets no other origin read the page or its assets (no Access-Control-Allow-Origin: *)', async () => {
    for (const file of ['/', '/dashboard', '/remoteEntry.js', '/main.1a2b3c4d.js', '/runtime-config.json']) {
      const res = await fetch(`${base}${file}`, { headers: { Origin: 'http://evil.test' } });
      expect([file, res.status, res.headers.get('access-control-allow-origin')]).toEqual([file, 200, null]);
    }
  });

  it('answers client-side routes with index.html', async () => {
    const res = await fetch(`${base}/dashboard`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>shell</title>');
  });

  it('answers a missing script or manifest with 404, never with the page', async () => {
    expect((await fetch(`${base}/remotes/missing/remoteEntry.js`)).status).toBe(404);
    expect((await fetch(`${base}/mf-manifest.json`)).status).toBe(404);
  });

  it('refuses paths that climb out of the build folder', async () => {
    const res = await fetch(`${base}/..%2f..%2fetc%2fpasswd`);
    expect([403, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('root:');
  });

  it('gzips text assets for clients that accept it', async () => {
    const { request } = await import('node:http');
    const body = await new Promise<{ encoding?: string; data: Buffer }>((resolve, reject) => {
      request(`${base}/main.1a2b3c4d.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], data: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });
    expect(body.encoding).toBe('gzip');
    expect(gunzipSync(body.data).toString()).toContain('console.log');
  });

  it('serves configured JSON documents', async () => {
    const res = await fetch(`${base}/runtime-config.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ mode: 'local' });
  });
});
