/**
 * `/` is composed by the gateway: the shell's landing.html with the landing remote's prerender.html in
 * its root (scripts/lib/prerender.ts). The real nginx with docker/nginx/gateway.conf and static.conf
 * (server-side includes, https://nginx.org/en/docs/http/ngx_http_ssi_module.html) and the local stack's
 * Node gateway must answer the same: the page with no script when the remote gives its page, the
 * include's stub (the shell's entry script) when it does not.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRuntimeConfig } from '../../shared/src/runtime-config-env';
import { createGateway } from '../lib/gateway';
import { findNginx, NGINX_TEMPLATES, renderSite, startNginx, type RunningNginx } from '../lib/nginx';
import { landingHtml } from '../lib/prerender';
import { LANDING_HTML, PRERENDER_FILE } from '../lib/prerender-paths';
import { renderIncludes } from '../lib/ssi';
import { createStaticServer } from '../lib/static-server';
import { securityHeaders } from '../lib/security-headers';

const NGINX = findNginx();
if (!NGINX && process.env.CI === 'true') {
  throw new Error('nginx is missing: CI must install it (.ci/run installs Debian’s nginx as root).');
}

describe('server-side includes (the subset landing.html uses)', () => {
  const fetched: string[] = [];
  const answer = (body: string | null) => async (virtualPath: string) => {
    fetched.push(virtualPath);
    return body;
  };
  const page =
    '<head></head><!--# block name="stub" --><script src="/main.js"></script><!--# endblock -->' +
    '<div id="root"><!--# include virtual="/part" stub="stub" --></div><!-- a plain comment -->';

  beforeEach(() => fetched.splice(0));

  it('puts the answer in place of the include and drops the block', async () => {
    expect(await renderIncludes(page, answer('<main>Hi</main>'))).toBe(
      '<head></head><div id="root"><main>Hi</main></div><!-- a plain comment -->',
    );
    expect(fetched).toEqual(['/part']);
  });

  it('uses the stub when the include fails, answers nothing, or throws', async () => {
    const withStub =
      '<head></head><div id="root"><script src="/main.js"></script></div><!-- a plain comment -->';
    expect(await renderIncludes(page, answer(null))).toBe(withStub);
    expect(await renderIncludes(page, answer(''))).toBe(withStub);
    expect(
      await renderIncludes(page, () => {
        throw new Error('refused');
      }),
    ).toBe(withStub);
  });

  it('outputs nothing for a failed include without a stub', async () => {
    expect(await renderIncludes('<p><!--# include virtual="/x" --></p>', answer(null))).toBe('<p></p>');
  });
});

const describeNginx = NGINX ? describe : describe.skip;
const OFFSET = Number(process.env.PORT_OFFSET ?? 0);
// Below Linux's ephemeral ports (32768-60999): there, a port the kernel gave another socket at random
// (a listen(0), an outgoing connection) can stop nginx from binding; it did once in CI.
const GATEWAY_PORT = 23280 + OFFSET;
const DOWN_GATEWAY_PORT = 23281 + OFFSET;
const SHELL_PORT = 23282 + OFFSET;
const LANDING_PORT = 23283 + OFFSET;
const DEAD_PORT = 23289 + OFFSET;

const config = buildRuntimeConfig({ MEDORA_MODE: 'local' });
const policy = () => securityHeaders(config);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'medora-landing-'));
chmodSync(tmp, 0o755);
const shellDir = path.join(tmp, 'shell');
const landingDir = path.join(tmp, 'landing');
const PRERENDERED = `<link rel="stylesheet" href="/remotes/landing/page.css" /><div data-testid="landing-page"><h1>Your health story</h1>${'<p>More text to compress.</p>'.repeat(80)}</div>`;
const ENTRY = '/main.1a2b3c4d.js';

function writeBuilds(): void {
  mkdirSync(shellDir, { recursive: true });
  mkdirSync(landingDir, { recursive: true });
  writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><title>shell</title><div id="root"></div>',
  );
  const page = (body: string, head: string) =>
    `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  writeFileSync(path.join(shellDir, LANDING_HTML), landingHtml(page, ['/boot.css'], [ENTRY]));
  writeFileSync(path.join(landingDir, PRERENDER_FILE), PRERENDERED);
}

const servers: Server[] = [];
const running: RunningNginx[] = [];
const bases: Record<string, string> = {};
let landingServer: Server;

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  writeBuilds();
  const api = createServer((_req, res) => res.end('{}'));
  servers.push(api);
  const apiPort = await listen(api);
  const shell = createStaticServer({ dir: shellDir, spa: true, headers: policy });
  landingServer = createStaticServer({ dir: landingDir, headers: policy });
  servers.push(shell, landingServer);
  const [shellPort, landingPort] = [await listen(shell), await listen(landingServer)];
  const gateway = (landing: number) =>
    createGateway({
      api: `http://127.0.0.1:${apiPort}`,
      shell: `http://127.0.0.1:${shellPort}`,
      remotes: { landing: `http://127.0.0.1:${landing}` },
      securityHeaders: policy,
    });
  const up = gateway(landingPort);
  const down = gateway(DEAD_PORT);
  servers.push(up, down);
  bases['local gateway'] = `http://127.0.0.1:${await listen(up)}`;
  bases['local gateway, landing down'] = `http://127.0.0.1:${await listen(down)}`;

  if (!NGINX) return;
  const local = (port: number) => `127.0.0.1:${port}`;
  /** gateway.conf into `prefix`, its landing remote at `landingUpstream`. */
  const nginxGateway = (prefix: string, gatewayPort: number, landingUpstream: number) => {
    const conf = path.join(tmp, prefix, 'conf.d');
    mkdirSync(conf, { recursive: true });
    renderSite(
      conf,
      NGINX_TEMPLATES.gateway,
      {
        NGINX_PORT: String(gatewayPort),
        NGINX_RESOLVER: '127.0.0.1',
        API_UPSTREAM: local(apiPort),
        SHELL_UPSTREAM: local(SHELL_PORT),
        LANDING_UPSTREAM: local(landingUpstream),
        PATIENT_UPSTREAM: local(DEAD_PORT),
        BOOKING_UPSTREAM: local(DEAD_PORT),
        PROVIDER_UPSTREAM: local(DEAD_PORT),
        NGINX_ACCESS_LOG: '/dev/null',
      },
      config,
      'gateway',
    );
    return path.join(tmp, prefix);
  };
  // The first nginx also serves the shell's and the landing remote's builds (static.conf).
  const upPrefix = nginxGateway('up', GATEWAY_PORT, LANDING_PORT);
  const statics: [string, number, string][] = [
    ['shell', SHELL_PORT, shellDir],
    ['landing', LANDING_PORT, landingDir],
  ];
  for (const [name, port, root] of statics)
    renderSite(
      path.join(upPrefix, 'conf.d'),
      NGINX_TEMPLATES.static,
      { WEB_PORT: String(port), WEB_ROOT: root },
      config,
      name,
    );
  bases.nginx = `http://127.0.0.1:${GATEWAY_PORT}`;
  running.push(await startNginx(NGINX, upPrefix, `${bases.nginx}/healthz`));
  // The second nginx has only its gateway: the static servers of the first serve both.
  const downPrefix = nginxGateway('down', DOWN_GATEWAY_PORT, DEAD_PORT);
  bases['nginx, landing down'] = `http://127.0.0.1:${DOWN_GATEWAY_PORT}`;
  running.push(await startNginx(NGINX, downPrefix, `${bases['nginx, landing down']}/healthz`));
}, 30_000);

afterAll(async () => {
  await Promise.all(running.map((n) => n.stop()));
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(tmp, { recursive: true, force: true });
});

const get = (base: string, url: string, encoding = 'identity') =>
  fetch(`${base}${url}`, { headers: { 'accept-encoding': encoding }, redirect: 'manual' });

describeNginx.each(['nginx', 'local gateway'])('%s composes the landing page', (server) => {
  const base = () => bases[server]!;
  const down = () => bases[`${server}, landing down`]!;

  it('answers `/` with the prerendered page in the root and no script', async () => {
    const res = await get(base(), '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toBe(
      securityHeaders(config)['Content-Security-Policy'],
    );
    const html = await res.text();
    expect(html).toContain(`<div id="root">${PRERENDERED}</div>`);
    expect(html).toContain('<link rel="stylesheet" href="/boot.css" />');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--#');
  });

  it('compresses the composed page for a client that accepts gzip', async () => {
    const res = await get(base(), '/?from=mail', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain(PRERENDERED);
  });

  it('puts the shell’s entry script in the root when the landing remote is down', async () => {
    const res = await get(down(), '/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<div id="root"><script defer src="${ENTRY}"></script></div>`);
    expect(html).not.toContain('Your health story');
    expect(html).not.toContain('<!--#');
  });

  it('leaves every other path to the shell', async () => {
    const res = await get(base(), '/patient-login');
    expect(await res.text()).toContain('<title>shell</title>');
  });

  it('never hands the include itself to a client', async () => {
    const res = await get(base(), '/__prerender/landing');
    expect(await res.text()).not.toContain('Your health story');
  });
});

describeNginx.each(['nginx', 'local gateway'])(
  '%s with a landing build that has no prerendered page',
  (server) => {
    it('uses the stub', async () => {
      const file = path.join(landingDir, PRERENDER_FILE);
      rmSync(file);
      try {
        const html = await (await get(bases[server]!, '/')).text();
        expect(html).toContain(`<div id="root"><script defer src="${ENTRY}"></script></div>`);
        expect(html).not.toContain('Not Found');
      } finally {
        writeFileSync(file, PRERENDERED);
      }
    });
  },
);
