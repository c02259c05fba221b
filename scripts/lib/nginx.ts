import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BODY_TOO_LARGE_MESSAGE,
  MAX_JSON_BODY_BYTES,
  MAX_MULTIPART_BODY_BYTES,
} from '../../shared/src/http-limits.js';
import type { RuntimeConfig } from '../../shared/src/remotes.js';
import { nginxAccessLog } from './access-log.js';
import { COMPRESS_MIN_BYTES, COMPRESSIBLE_TYPES, GZIP_LEVEL } from './compression.js';
import { HSTS, nginxSecurityHeaders } from './security-headers.js';
import { waitForHttp } from './wait.js';

/**
 * Renders the repository's nginx configs (`docker/nginx/*.conf`, the ones the images run)
 * and runs the real nginx binary on them. The same renderer runs in the images at container start
 * (`scripts/render-nginx.ts`) and in the tests, so what is tested is what is deployed.
 */

// CommonJS (scripts, Playwright) knows its folder; the API's ESM tests run from the repository root.
const REPO_ROOT = typeof __dirname === 'string' ? path.resolve(__dirname, '..', '..') : process.cwd();
export const NGINX_TEMPLATES = {
  gateway: path.join(REPO_ROOT, 'docker', 'nginx', 'gateway.conf'),
  static: path.join(REPO_ROOT, 'docker', 'nginx', 'static.conf'),
} as const;
export type NginxSite = keyof typeof NGINX_TEMPLATES;

/** Defaults of the template variables: the compose service names and ports. */
export const NGINX_DEFAULTS: Record<string, string> = {
  NGINX_PORT: '8080',
  NGINX_RESOLVER: '127.0.0.11',
  API_UPSTREAM: 'api:3000',
  SHELL_UPSTREAM: 'shell:3100',
  LANDING_UPSTREAM: 'landing:3101',
  PATIENT_UPSTREAM: 'patient:3102',
  BOOKING_UPSTREAM: 'booking:3103',
  PROVIDER_UPSTREAM: 'provider:3104',
  NGINX_ACCESS_LOG: '/dev/stdout',
  WEB_PORT: '8080',
  WEB_ROOT: '/usr/share/nginx/html',
};

const VARIABLE = /\$\{([A-Z0-9_]+)\}/g;
const isComment = (line: string) => line.trimStart().startsWith('#');

/** The `${NAME}` variables a template uses outside comments (nginx's own `$uri` has no braces). */
export function templateVariables(template: string): string[] {
  const lines = template.split('\n').filter((l) => !isComment(l));
  return [...new Set(lines.flatMap((l) => [...l.matchAll(VARIABLE)].map((m) => m[1]!)))];
}

/** Substitutes `${NAME}` from `env`, then the defaults; refuses a variable that has neither. */
export function renderTemplate(template: string, env: NodeJS.ProcessEnv): string {
  return template
    .split('\n')
    .map((line) =>
      isComment(line)
        ? line
        : line.replace(VARIABLE, (_all, name: string) => {
            const value = env[name] || NGINX_DEFAULTS[name];
            if (!value) throw new Error(`nginx template: ${name} is not set`);
            if (/[\s;{}]/.test(value)) {
              throw new Error(`nginx template: ${name} must be one word (got '${value}')`);
            }
            return value;
          }),
    )
    .join('\n');
}

/**
 * The routes whose POST honours an Idempotency-Key (a replay answers with the first result), so the
 * gateway may send such a POST to the next replica when one is down or draining.
 */
export const REPLAYABLE_POSTS = ['/api/appointments'] as const;

/**
 * http-level maps every site uses: web-socket upgrades, HSTS over TLS (listener or edge), the API's
 * multipart and replayable requests, and the access log's redacted path and format.
 */
export function nginxMaps(): string {
  return [
    '# Rendered from scripts/lib/nginx.ts; do not edit.',
    'map $http_upgrade $connection_upgrade {',
    '    default upgrade;',
    "    ''      close;",
    '}',
    'map "$https:$http_x_forwarded_proto" $medora_hsts {',
    '    default "";',
    `    "~^on:" "${HSTS}";`,
    `    "~:https$" "${HSTS}";`,
    '}',
    // A multipart upload has its own body limit (gateway.conf moves it to its own location).
    'map $content_type $medora_multipart {',
    '    default 0;',
    '    "~*^multipart/form-data" 1;',
    '}',
    // POSTs that may go to a second replica: an Idempotency-Key on a route that honours it.
    'map "$request_method $uri $http_idempotency_key" $medora_replayable {',
    '    default 0;',
    ...REPLAYABLE_POSTS.map((route) => `    "~^POST ${route} [A-Za-z0-9_.:-]+$" 1;`),
    '}',
    nginxAccessLog(),
  ].join('\n');
}

/**
 * The API's body limits (`@medora/shared` http-limits), so nginx answers an oversized body 413 itself,
 * at once and with the API's JSON error, instead of streaming it to an API that refuses it:
 * `api-body-limits.inc` (server level: the 413 answer), `json-body-limit.inc` and
 * `upload-body-limit.inc` (per location).
 */
export function nginxBodyLimits(): Record<string, string> {
  const body = JSON.stringify({
    statusCode: 413,
    error: 'Payload Too Large',
    message: BODY_TOO_LARGE_MESSAGE,
  });
  if (body.includes("'")) throw new Error('nginx: the 413 body must not contain a single quote');
  const header = '# Rendered from scripts/lib/nginx.ts (limits from shared/src/http-limits.ts); do not edit.';
  return {
    'api-body-limits.inc': [
      header,
      'location @api_body_too_large {',
      '    default_type "application/json; charset=utf-8";',
      '    add_header X-Request-Id $request_id always;',
      '    add_header Cache-Control "no-store" always;',
      `    return 413 '${body}';`,
      '}',
      '',
    ].join('\n'),
    'json-body-limit.inc': [
      header,
      `client_max_body_size ${MAX_JSON_BODY_BYTES};`,
      'error_page 413 @api_body_too_large;',
      '',
    ].join('\n'),
    'upload-body-limit.inc': [
      header,
      `client_max_body_size ${MAX_MULTIPART_BODY_BYTES};`,
      'error_page 413 @api_body_too_large;',
      '',
    ].join('\n'),
  };
}

/** gzip for compressible answers above COMPRESS_MIN_BYTES (nginx always includes text/html). */
export function nginxCompression(): string {
  const types = COMPRESSIBLE_TYPES.filter((t) => t !== 'text/html');
  return [
    '# Rendered from scripts/lib/compression.ts; do not edit.',
    'gzip on;',
    'gzip_vary on;',
    `gzip_comp_level ${GZIP_LEVEL};`,
    `gzip_min_length ${COMPRESS_MIN_BYTES};`,
    `gzip_types ${types.join(' ')};`,
    '',
  ].join('\n');
}

/**
 * The request headers every proxying location of the gateway sets (included per location, because
 * one `proxy_set_header` in a location cancels all inherited ones). The client's address comes from
 * the socket only: a client-sent X-Forwarded-For or X-Real-IP is replaced, not appended to, so no
 * client chooses its rate-limit bucket or the address in its audit rows.
 */
export function nginxProxyHeaders(): string {
  return [
    '# Rendered from scripts/lib/nginx.ts; do not edit.',
    'proxy_set_header Host $host;',
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Forwarded-Host $host;',
    'proxy_set_header X-Forwarded-Port $server_port;',
    'proxy_set_header X-Request-Id $request_id;',
    '',
  ].join('\n');
}

/**
 * The nginx release that replaced `listen … http2` with the `http2` directive
 * (https://nginx.org/en/docs/http/ngx_http_v2_module.html#http2).
 */
const HTTP2_DIRECTIVE_SINCE = [1, 25, 1] as const;

/** Whether nginx `version` (e.g. `1.27.5`, or `nginx -v`'s line) has the `http2` directive. */
export function hasHttp2Directive(version: string): boolean {
  const parts = /(\d+)\.(\d+)\.(\d+)/.exec(version)?.slice(1).map(Number);
  if (!parts) return false;
  for (let i = 0; i < 3; i++) {
    if (parts[i]! !== HTTP2_DIRECTIVE_SINCE[i]) return parts[i]! > HTTP2_DIRECTIVE_SINCE[i];
  }
  return true;
}

/** The nginx version: the images' NGINX_VERSION, else what the local binary says, else unknown (''). */
function nginxVersion(env: NodeJS.ProcessEnv): string {
  if (env.NGINX_VERSION) return env.NGINX_VERSION;
  const binary = findNginx(env);
  return binary ? spawnSync(binary, ['-v'], { encoding: 'utf8' }).stderr : '';
}

/**
 * The gateway's own HTTPS listener (`tls-listener.inc`, included by gateway.conf's server): HTTP/2
 * over TLS on TLS_PORT with the certificate chain TLS_CERT_FILE and its key TLS_KEY_FILE, or nothing
 * when neither is set (TLS then ends in a proxy in front). HTTP/2 sends every request of a page over
 * one connection, where HTTP/1.1 queues them six at a time (docs/performance.md). The protocol
 * settings are Mozilla's "intermediate" profile (https://ssl-config.mozilla.org/).
 */
export function nginxTlsListener(env: NodeJS.ProcessEnv, version = nginxVersion(env)): string {
  const header = '# Rendered from scripts/lib/nginx.ts; do not edit.';
  const cert = env.TLS_CERT_FILE;
  const key = env.TLS_KEY_FILE;
  if (!cert && !key) return `${header}\n# No TLS listener: TLS_CERT_FILE and TLS_KEY_FILE are not set.\n`;
  if (!cert || !key) throw new Error('nginx: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither');
  const port = env.TLS_PORT || '8443';
  for (const [name, value] of Object.entries({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key, TLS_PORT: port })) {
    if (/[\s;{}'"]/.test(value)) throw new Error(`nginx: ${name} must be one word (got '${value}')`);
  }
  // nginx before 1.25.1 (Debian 12's 1.22) knows HTTP/2 only as a listen parameter; later releases
  // warn about that form.
  const http2 = hasHttp2Directive(version);
  return [
    header,
    http2 ? `listen ${port} ssl;` : `listen ${port} ssl http2;`,
    ...(http2 ? ['http2 on;'] : []),
    `ssl_certificate ${cert};`,
    `ssl_certificate_key ${key};`,
    'ssl_protocols TLSv1.2 TLSv1.3;',
    'ssl_ecdh_curve X25519:prime256v1:secp384r1;',
    'ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305:DHE-RSA-AES128-GCM-SHA256:DHE-RSA-AES256-GCM-SHA384:DHE-RSA-CHACHA20-POLY1305;',
    'ssl_prefer_server_ciphers off;',
    'ssl_session_timeout 1d;',
    'ssl_session_cache shared:medora_tls:10m;',
    'ssl_session_tickets off;',
    '',
  ].join('\n');
}

/**
 * Writes one site (a template file) into `confDir` (`<name>.conf`) and the shared pieces beside it: `00-medora-maps.conf` (first: the sites use its log format)
 * (http level), `security-headers.inc`, `compression.inc`, `proxy-headers.inc` and the body limits
 * (included by the sites' locations), and the gateway's `tls-listener.inc`.
 */
export function renderSite(
  confDir: string,
  template: string,
  env: NodeJS.ProcessEnv,
  config: RuntimeConfig,
  name = 'default',
): void {
  mkdirSync(confDir, { recursive: true });
  writeFileSync(path.join(confDir, `${name}.conf`), renderTemplate(readFileSync(template, 'utf8'), env));
  writeFileSync(path.join(confDir, '00-medora-maps.conf'), nginxMaps());
  writeFileSync(path.join(confDir, 'security-headers.inc'), nginxSecurityHeaders(config));
  writeFileSync(path.join(confDir, 'compression.inc'), nginxCompression());
  writeFileSync(path.join(confDir, 'proxy-headers.inc'), nginxProxyHeaders());
  writeFileSync(path.join(confDir, 'tls-listener.inc'), nginxTlsListener(env));
  for (const [file, text] of Object.entries(nginxBodyLimits())) writeFileSync(path.join(confDir, file), text);
}

/** Finds the nginx binary (Debian's /usr/sbin/nginx, or NGINX_BIN), or undefined. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  return candidates.find((c): c is string => !!c && existsSync(c));
}

/**
 * A minimal main config for an unprivileged nginx under `prefix`: pid, logs and temp paths inside it,
 * and `conf.d/*.conf` included as the images' /etc/nginx/nginx.conf does.
 */
export function mainConfig(prefix: string): string {
  const p = (x: string) => path.join(prefix, x);
  return `worker_processes 1;
pid ${p('nginx.pid')};
error_log ${p('error.log')} warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${p('tmp/body')};
    proxy_temp_path ${p('tmp/proxy')};
    fastcgi_temp_path ${p('tmp/fastcgi')};
    uwsgi_temp_path ${p('tmp/uwsgi')};
    scgi_temp_path ${p('tmp/scgi')};
    include conf.d/*.conf;
}
`;
}

export interface RunningNginx {
  prefix: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground on `prefix` (whose conf.d holds rendered sites), after `nginx -t`,
 * and waits until `readyUrl` answers.
 */
export async function startNginx(binary: string, prefix: string, readyUrl: string): Promise<RunningNginx> {
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, mainConfig(prefix));
  const args = ['-p', prefix, '-c', conf, '-g', 'daemon off;'];
  // stdout not a pipe: Node's pipes are sockets, which nginx cannot open as /dev/stdout (its default log).
  const check = spawnSync(binary, ['-t', ...args], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${stderr}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([waitForHttp(readyUrl, 15_000), exited]);
  return {
    prefix,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
