/**
 * The repository's own nginx configs (docker/nginx/gateway.conf and
 * static.conf, rendered as the images render them) run in the real nginx binary, in front of static
 * builds and an API on loopback ports; the local gateway and static server answer the same requests.
 * Both must send the one security-header policy, compress, and name each API request.
 * Without nginx this fails under CI=true (CI installs it) and skips with a reason elsewhere.
 */
import { createServer, get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import {
  BODY_TOO_LARGE_MESSAGE,
  MAX_JSON_BODY_BYTES,
  MAX_MULTIPART_BODY_BYTES,
} from '../../shared/src/http-limits';
import { buildRuntimeConfig } from '../../shared/src/runtime-config-env';
import { GZIP_LEVEL } from '../lib/compression';
import { createGateway } from '../lib/gateway';
import {
  findNginx,
  hasHttp2Directive,
  NGINX_TEMPLATES,
  nginxTlsListener,
  renderSite,
  startNginx,
  type RunningNginx,
} from '../lib/nginx';
import { writeSelfSignedCertificate } from '../lib/tls';
import { createStaticServer } from '../lib/static-server';
import { securityHeaders, servedOverTls } from '../lib/security-headers';

const NGINX = findNginx();
if (!NGINX) {
  if (process.env.CI === 'true') {
    throw new Error('nginx is missing: CI must install it (.ci/run installs Debian’s nginx as root).');
  }
  console.warn('Skipping the nginx tests: no nginx binary (apt-get install nginx, or set NGINX_BIN).');
}
const describeNginx = NGINX ? describe : describe.skip;

// PORT_OFFSET (scripts/lib/ports.ts) moves them, so two checkouts can run this file at once.
const OFFSET = Number(process.env.PORT_OFFSET ?? 0);
// Below Linux's ephemeral ports (32768-60999): there, a port the kernel gave another socket at random
// (a listen(0), an outgoing connection) can stop nginx from binding; it did once in CI.
const GATEWAY_PORT = 23080 + OFFSET;
const SHELL_PORT = 23081 + OFFSET;
const BOOKING_PORT = 23082 + OFFSET;
const TLS_PORT = 23083 + OFFSET;
const DEAD_PORT = 23089 + OFFSET;

const config = buildRuntimeConfig({
  MEDORA_MODE: 'local',
  AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
  REMOTE_PATIENT_URL: 'https://patient.cdn.example/mf-manifest.json',
});
const policy = (req: { headers: IncomingHttpHeaders; socket: object }) =>
  securityHeaders(config, { tls: servedOverTls(req) });

const tmp = mkdtempSync(path.join(os.tmpdir(), 'medora-nginx-'));
// nginx started as root serves files as `nobody`.
chmodSync(tmp, 0o755);
const shellDir = path.join(tmp, 'shell');
const bookingDir = path.join(tmp, 'booking');
const BIG = 'x'.repeat(4000);
/** Code-like text, which compresses differently at each gzip level (BIG compresses alike at all). */
const CODE = Array.from(
  { length: 3000 },
  (_, i) =>
    `function f${i}(a){return a*${(i * 7919) % 1000}+"${((i * 2654435761) % 4294967296).toString(36)}";}`,
).join('\n');

function writeBuilds(): void {
  mkdirSync(shellDir, { recursive: true });
  mkdirSync(bookingDir, { recursive: true });
  writeFileSync(path.join(shellDir, 'index.html'), `<!doctype html><title>shell</title><!--${BIG}-->`);
  writeFileSync(path.join(shellDir, 'main.1a2b3c4d.js'), `console.log(${JSON.stringify(BIG)});`);
  writeFileSync(path.join(shellDir, 'main.1a2b3c4d.css'), `body{color:red}/*${BIG}*/`);
  writeFileSync(path.join(shellDir, 'code.5e6f7a8b.js'), CODE);
  writeFileSync(path.join(bookingDir, 'remoteEntry.js'), `var mfe_booking=${JSON.stringify(BIG)};`);
  writeFileSync(path.join(bookingDir, 'mf-manifest.json'), JSON.stringify({ id: 'mfe_booking' }));
}

/** The headers a proxy sets about the client, which the API believes from a trusted proxy. */
const FORWARDED = ['host', 'x-real-ip', 'x-forwarded-for', 'x-forwarded-proto', 'x-request-id'] as const;

/**
 * The API stand-in: echoes the request id it was given; a big JSON list and a small one;
 * `/api/echo` answers the forwarded headers it received.
 */
function fakeApi(): Server {
  return createServer((req, res) => {
    apiSaw.push(`${req.method} ${req.url}`);
    // The API's own limit on a JSON body, decided on Content-Length before reading it.
    const multipart = /^multipart\//.test(req.headers['content-type'] ?? '');
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > (multipart ? MAX_MULTIPART_BODY_BYTES : MAX_JSON_BODY_BYTES)) {
      res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message: BODY_TOO_LARGE_MESSAGE }),
      );
      return;
    }
    if (req.method === 'POST') {
      let bytes = 0;
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => res.end(JSON.stringify({ bytes })));
      return;
    }
    const body =
      req.url === '/api/big'
        ? JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Doctor ${i}` })) })
        : req.url === '/api/echo'
          ? JSON.stringify(Object.fromEntries(FORWARDED.map((h) => [h, req.headers[h] ?? null])))
          : JSON.stringify({ ok: true });
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'X-Seen-Request-Id': String(req.headers['x-request-id'] ?? ''),
    });
    res.end(body);
  });
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

const get = (base: string, url: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers: { 'accept-encoding': 'gzip', ...headers }, redirect: 'manual' });

/** The size of a gzip answer as sent (Node's http client does not decode it). */
function encodedSize(base: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(`${base}${url}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

const servers: Server[] = [];
/** The requests the fake API received (method and URL). */
const apiSaw: string[] = [];
/** The local gateway's access-log lines. */
const gatewayLog: string[] = [];
const nginxLogFile = path.join(tmp, 'access.log');
let nginx: RunningNginx | undefined;
const bases: Record<'nginx' | 'local gateway', string> = { nginx: '', 'local gateway': '' };

beforeAll(async () => {
  writeBuilds();
  const api = fakeApi();
  servers.push(api);
  const apiPort = await listen(api);

  // The local stack: Node static servers behind the Node gateway.
  const shell = createStaticServer({ dir: shellDir, spa: true, headers: policy });
  const booking = createStaticServer({ dir: bookingDir, headers: policy });
  servers.push(shell, booking);
  const [shellPort, bookingPort] = [await listen(shell), await listen(booking)];
  const gateway = createGateway({
    api: `http://127.0.0.1:${apiPort}`,
    shell: `http://127.0.0.1:${shellPort}`,
    remotes: {
      booking: `http://127.0.0.1:${bookingPort}`,
      landing: `http://127.0.0.1:${DEAD_PORT}`,
    },
    securityHeaders: policy,
    accessLog: (line) => gatewayLog.push(line),
  });
  servers.push(gateway);
  bases['local gateway'] = `http://127.0.0.1:${await listen(gateway)}`;

  if (!NGINX) return;
  // The compose setup on loopback: static.conf per build, gateway.conf in front.
  const prefix = path.join(tmp, 'nginx');
  const confDir = path.join(prefix, 'conf.d');
  const local = (port: number) => `127.0.0.1:${port}`;
  // The gateway's own TLS listener, with a certificate made for this run.
  const tls = await writeSelfSignedCertificate(tmp, ['127.0.0.1', 'localhost']);
  renderSite(
    confDir,
    NGINX_TEMPLATES.static,
    { WEB_PORT: String(SHELL_PORT), WEB_ROOT: shellDir },
    config,
    'shell',
  );
  renderSite(
    confDir,
    NGINX_TEMPLATES.static,
    { WEB_PORT: String(BOOKING_PORT), WEB_ROOT: bookingDir },
    config,
    'booking',
  );
  renderSite(
    confDir,
    NGINX_TEMPLATES.gateway,
    {
      NGINX_PORT: String(GATEWAY_PORT),
      NGINX_RESOLVER: '127.0.0.1',
      API_UPSTREAM: local(apiPort),
      SHELL_UPSTREAM: local(SHELL_PORT),
      BOOKING_UPSTREAM: local(BOOKING_PORT),
      LANDING_UPSTREAM: local(DEAD_PORT),
      PATIENT_UPSTREAM: local(DEAD_PORT),
      PROVIDER_UPSTREAM: local(DEAD_PORT),
      NGINX_ACCESS_LOG: nginxLogFile,
      TLS_PORT: String(TLS_PORT),
      TLS_CERT_FILE: tls.certFile,
      TLS_KEY_FILE: tls.keyFile,
    },
    config,
    'gateway',
  );
  bases.nginx = `http://127.0.0.1:${GATEWAY_PORT}`;
  nginx = await startNginx(NGINX, prefix, `${bases.nginx}/healthz`);
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(tmp, { recursive: true, force: true });
});

const POLICY_HEADERS = Object.keys(securityHeaders(config));

function expectPolicy(headers: Headers): void {
  const csp = headers.get('content-security-policy') ?? '';
  for (const directive of ['script-src', 'style-src']) {
    const value = csp.split(';').find((d) => d.trim().startsWith(`${directive} `)) ?? '';
    expect(value).toContain("'self'");
    expect(value).not.toMatch(/unsafe-inline|unsafe-eval/);
  }
  expect(csp).toContain("frame-ancestors 'none'");
  // The runtime config's remote and emulator origins are allowed, the Google endpoints are not needed.
  expect(csp).toMatch(/script-src [^;]*https:\/\/patient\.cdn\.example/);
  expect(csp).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:9099/);
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('permissions-policy')).toContain('camera=()');
  for (const name of POLICY_HEADERS) expect(headers.get(name)).toBe(securityHeaders(config)[name]);
}

describeNginx.each(['nginx', 'local gateway'] as const)('%s', (server) => {
  const base = () => bases[server];

  it('sends the security headers on the page, without HSTS over plain HTTP', async () => {
    const res = await get(base(), '/patient/dashboard');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>shell</title>');
    expectPolicy(res.headers);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS when the edge says the request came over TLS', async () => {
    const res = await get(base(), '/', { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
  });

  it.each(['/main.1a2b3c4d.js', '/main.1a2b3c4d.css', '/remotes/booking/remoteEntry.js'])(
    'sends the headers on static %s, gzipped above 1 KB with Vary: Accept-Encoding',
    async (url) => {
      const res = await get(base(), url);
      expect(res.status).toBe(200);
      expectPolicy(res.headers);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.text()).toContain('x'.repeat(100));
    },
  );

  it('keeps the caching rules: the build names revalidate, hashed files are immutable', async () => {
    expect((await get(base(), '/remotes/booking/mf-manifest.json')).headers.get('cache-control')).toBe(
      'no-cache',
    );
    expect((await get(base(), '/main.1a2b3c4d.js')).headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing script 404 and an unknown remote 404, never the page', async () => {
    const missing = await get(base(), '/remotes/booking/nope.1234.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<title>shell</title>');
    // A 404 must not be cached as immutable: the file may be deployed a moment later.
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const missingShellScript = await get(base(), '/main.nope1234.js');
    expect(missingShellScript.status).toBe(404);
    expect(missingShellScript.headers.get('cache-control')).toBe('no-store');
    const unknownRemote = await get(base(), '/remotes/nope/remoteEntry.js');
    expect(unknownRemote.status).toBe(404);
    expect(unknownRemote.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 502 for a remote whose server is down', async () => {
    expect((await get(base(), '/remotes/landing/mf-manifest.json')).status).toBe(502);
  });

  it('compresses a large API answer and leaves a small one alone', async () => {
    const big = await get(base(), '/api/big');
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect(big.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(((await big.json()) as { items: unknown[] }).items).toHaveLength(200);
    const small = await get(base(), '/api/small');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
  });

  it('gzips a script as small as gzip level 6 does, not at nginx’s default level 1', async () => {
    const res = await get(base(), '/code.5e6f7a8b.js');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(CODE);
    const onWire = await encodedSize(base(), '/code.5e6f7a8b.js');
    expect(onWire).toBeLessThanOrEqual(Math.ceil(gzipSync(CODE, { level: GZIP_LEVEL }).length * 1.01));
    expect(onWire).toBeLessThan(gzipSync(CODE, { level: 1 }).length);
  });

  it('gives every API request a fresh X-Request-Id, passed on and returned, ignoring the client’s', async () => {
    const res = await get(base(), '/api/small', { 'x-request-id': 'chosen-by-the-client' });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(res.headers.get('x-seen-request-id')).toBe(id);
    const again = await get(base(), '/api/small');
    expect(again.headers.get('x-request-id')).not.toBe(id);
  });
});

/** The access-log lines of `server` so far, parsed. */
function accessLog(server: 'nginx' | 'local gateway'): Array<Record<string, unknown>> {
  const lines =
    server === 'nginx' ? readFileSync(nginxLogFile, 'utf8').split('\n').filter(Boolean) : gatewayLog;
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Polls until `find` returns something (a log line is written when the answer has been sent). */
async function eventually<T>(find: () => T | undefined, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined || Date.now() > deadline) return found as T;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const TEN_MB_JSON = JSON.stringify({ text: 'a'.repeat(10 * 1024 * 1024) });

describeNginx.each(['nginx', 'local gateway'] as const)('%s and request bodies, access log', (server) => {
  const base = () => bases[server];

  it('answers a 10 MB JSON body 413 with the API’s error, not a 502', async () => {
    const res = await fetch(`${base()}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: TEN_MB_JSON,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: BODY_TOO_LARGE_MESSAGE,
    });
  });

  it('passes a multipart upload above the JSON limit on, and refuses one above the upload limit', async () => {
    const upload = (bytes: number) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(bytes, 1)], { type: 'application/pdf' }), 'scan.pdf');
      return fetch(`${base()}/api/patients/p1/documents`, { method: 'POST', body: form });
    };
    const ok = await upload(3 * 1024 * 1024);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { bytes: number }).bytes).toBeGreaterThan(3 * 1024 * 1024);
    expect((await upload(MAX_MULTIPART_BODY_BYTES + 1024)).status).toBe(413);
  });

  it('logs each request with its request id and without patient ids or the query string', async () => {
    const url =
      '/api/patients/AbCdEfGh1234567890XyZ0aBcD/documents/0b6f4b5e-0d6c-4b8e-9a57-2f1c3d4e5f60/file?token=s3cret';
    const res = await get(base(), url);
    const id = res.headers.get('x-request-id');
    await res.arrayBuffer();
    const line = await eventually(() => accessLog(server).find((l) => l.requestId === id));
    expect(line).toMatchObject({
      method: 'GET',
      path: '/api/patients/:uid/documents/:id/file',
      status: 200,
      requestId: id,
    });
    const demo = await get(base(), '/api/patients/demo-patient-anna/visits');
    const demoId = demo.headers.get('x-request-id');
    await demo.arrayBuffer();
    const demoLine = await eventually(() => accessLog(server).find((l) => l.requestId === demoId));
    expect(demoLine?.path).toBe('/api/patients/:uid/visits');
    const all = JSON.stringify(accessLog(server));
    expect(all).not.toContain('AbCdEfGh1234567890XyZ0aBcD');
    expect(all).not.toContain('demo-patient-anna');
    expect(all).not.toContain('s3cret');
  });
});

describeNginx('the gateway’s own 413 (nginx)', () => {
  it('never sends a body past the limit to the API', async () => {
    const before = apiSaw.length;
    const res = await fetch(`${bases.nginx}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: TEN_MB_JSON,
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(apiSaw.slice(before)).toEqual([]);
  });
});

describeNginx('the gateway’s forwarded headers (nginx)', () => {
  it('tells the API the real peer, whatever X-Forwarded-For or X-Real-IP the client sends', async () => {
    // node:http, not fetch: fetch may not set Host, and the public host name must reach the API.
    const { headers, body } = await new Promise<{ headers: IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = httpGet(
          {
            host: '127.0.0.1',
            port: GATEWAY_PORT,
            path: '/api/echo',
            headers: {
              host: 'medora.example.org',
              'x-forwarded-for': '203.0.113.9',
              'x-real-ip': '203.0.113.9',
              'x-forwarded-proto': 'https',
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ headers: res.headers, body: text }));
          },
        );
        req.on('error', reject);
      },
    );
    expect(JSON.parse(body)).toEqual({
      host: 'medora.example.org',
      'x-real-ip': '127.0.0.1',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-request-id': headers['x-request-id'],
    });
  });
});

describeNginx('rendered nginx configs', () => {
  it('substitute every variable, so nothing of the template is left for nginx to misread', () => {
    const gateway = readFileSync(path.join(tmp, 'nginx', 'conf.d', 'gateway.conf'), 'utf8');
    const live = gateway.split('\n').filter((l) => !l.trimStart().startsWith('#'));
    expect(live.join('\n')).not.toMatch(/\$\{[A-Z_0-9]+\}/);
    expect(live.join('\n')).toContain(`listen ${GATEWAY_PORT};`);
  });
});

/** One GET over HTTP/2 (TLS, ALPN h2 only): the protocol the connection agreed on, status, headers, body. */
function http2Get(
  port: number,
  url: string,
): Promise<{
  alpn: string | false | undefined;
  status: number;
  headers: Record<string, unknown>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const session = http2Connect(`https://127.0.0.1:${port}`, { rejectUnauthorized: false });
    session.on('error', reject);
    const req = session.request({ ':path': url });
    let body = '';
    let headers: Record<string, unknown> = {};
    req.setEncoding('utf8');
    req.on('response', (h) => (headers = h));
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const alpn = session.alpnProtocol;
      session.close();
      resolve({ alpn, status: Number(headers[':status']), headers, body });
    });
    req.on('error', reject);
    req.end();
  });
}

describeNginx('the gateway’s TLS listener (nginx)', () => {
  it('serves the page over HTTP/2 with HSTS and the security headers', async () => {
    const res = await http2Get(TLS_PORT, '/patient/dashboard');
    expect(res.alpn).toBe('h2');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
    expect(String(res.headers['strict-transport-security'])).toMatch(/^max-age=\d{7,}/);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('tells the API the request came over TLS', async () => {
    const res = await http2Get(TLS_PORT, '/api/echo');
    expect(res.alpn).toBe('h2');
    expect(JSON.parse(res.body)).toMatchObject({ 'x-forwarded-proto': 'https', 'x-real-ip': '127.0.0.1' });
  });

  it('serves a remote’s files over the same connection', async () => {
    const res = await http2Get(TLS_PORT, '/remotes/booking/remoteEntry.js');
    expect(res.status).toBe(200);
    expect(res.body).toContain('var mfe_booking');
  });
});

describe('nginxTlsListener', () => {
  const files = { TLS_CERT_FILE: '/run/secrets/tls-certificate', TLS_KEY_FILE: '/run/secrets/tls-key' };

  it('renders no listener without a certificate', () => {
    const text = nginxTlsListener({}, '1.27.5');
    expect(text.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([]);
  });

  it('refuses a certificate without its key, and the other way round', () => {
    expect(() => nginxTlsListener({ TLS_CERT_FILE: files.TLS_CERT_FILE }, '1.27.5')).toThrow(/both/);
    expect(() => nginxTlsListener({ TLS_KEY_FILE: files.TLS_KEY_FILE }, '1.27.5')).toThrow(/both/);
  });

  it('refuses a path nginx would read as more than one word', () => {
    expect(() => nginxTlsListener({ ...files, TLS_CERT_FILE: '/a b.pem' }, '1.27.5')).toThrow(/one word/);
  });

  it('names HTTP/2 as each nginx release expects it, on port 8443 unless TLS_PORT says otherwise', () => {
    expect(nginxTlsListener(files, 'nginx version: nginx/1.22.1')).toContain('listen 8443 ssl http2;');
    const recent = nginxTlsListener({ ...files, TLS_PORT: '9443' }, '1.27.5');
    expect(recent).toContain('listen 9443 ssl;');
    expect(recent).toContain('http2 on;');
    expect(recent).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
  });

  it.each([
    ['1.25.1', true],
    ['1.25.0', false],
    ['1.24.9', false],
    ['1.22.1', false],
    ['2.0.0', true],
    ['1.27.5', true],
    ['', false],
  ])('knows whether nginx %s has the http2 directive', (version, expected) => {
    expect(hasHttp2Directive(version)).toBe(expected);
  });
});
