import type { RuntimeConfig } from '../../shared/src/remotes.js';

/**
 * The ONE security-header policy of every HTML and static response, used by the local
 * gateway and static server (`securityHeaders`) and by nginx (`nginxSecurityHeaders`, rendered into an
 * `add_header` include by `scripts/lib/nginx.ts` at container or test start — never committed).
 *
 * Scripts and styles: `'self'` plus the origins the runtime config names, no `unsafe-inline` and no
 * `unsafe-eval`. The production builds have no inline script or style: webpack extracts CSS into files
 * loaded by `<link>` (never `style-loader`), html-webpack-plugin emits `<script src defer>`, and no
 * component passes a `style` prop. React would set such a prop through the CSSOM (`el.style.x = …`),
 * which CSP does not govern anyway, so no `style-src-attr` relaxation is needed.
 * Only `npm run dev` (webpack's eval source maps and hot-reload socket) adds `unsafe-eval` and `ws:`.
 */

/** Firebase Auth's REST endpoints, called by the browser SDK when no emulator is configured. */
export const FIREBASE_AUTH_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
] as const;

export const HSTS = 'max-age=63072000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** Served over TLS (a TLS listener, or `X-Forwarded-Proto: https` from the edge): adds HSTS. */
  tls?: boolean;
  /** The development servers: webpack's eval source maps and its hot-reload web socket. */
  dev?: boolean;
}

/** The origin of an absolute URL, or nothing for a same-origin path like `/api`. */
function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return new URL(url).origin;
}

const unique = (list: (string | undefined)[]) => [...new Set(list.filter((x): x is string => !!x))];

/** The Content-Security-Policy for the pages and assets described by `config`. */
export function contentSecurityPolicy(config: RuntimeConfig, options: SecurityHeaderOptions = {}): string {
  const remotes = unique(Object.values(config.remotes).map(originOf));
  const auth = config.authEmulatorUrl
    ? unique([originOf(config.authEmulatorUrl)])
    : [...FIREBASE_AUTH_ORIGINS];
  const authDomain = config.mode === 'production' ? `https://${config.firebase.authDomain}` : undefined;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...remotes, ...(options.dev ? ["'unsafe-eval'"] : [])]],
    ['style-src', ["'self'", ...remotes]],
    ['img-src', ["'self'", 'data:', 'blob:', ...remotes]],
    ['font-src', ["'self'", 'data:', ...remotes]],
    // blob: — a document fetched with the user's token is handed on as a blob URL (preview, download).
    [
      'connect-src',
      unique([
        "'self'",
        'blob:',
        ...remotes,
        originOf(config.apiBaseUrl),
        ...auth,
        ...(options.dev ? ['ws:'] : []),
      ]),
    ],
    // Document previews open blob: URLs in an iframe; Firebase's redirect helper lives on authDomain.
    ['frame-src', unique(["'self'", 'blob:', authDomain])],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The policy's headers as a map (header name → value), without HSTS unless served over TLS. */
export function securityHeaders(
  config: RuntimeConfig,
  options: SecurityHeaderOptions = {},
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, options),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.tls ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** Whether a request reached us over TLS, directly or through an edge that says so. */
export function servedOverTls(req: {
  headers: Record<string, string | string[] | undefined>;
  socket: object;
}): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted) return true;
  const proto = req.headers['x-forwarded-proto'];
  return (
    String(Array.isArray(proto) ? proto[0] : (proto ?? ''))
      .split(',')[0]!
      .trim() === 'https'
  );
}

/**
 * The same policy as an nginx include (`add_header … always;` lines, and `proxy_hide_header` for the
 * same names so a proxied upstream's copy is not sent twice). HSTS goes through the
 * `$medora_hsts` variable, which the rendered configs map from the scheme / `X-Forwarded-Proto`
 * (nginx drops a header whose value is empty, so plain HTTP sends none).
 */
export function nginxSecurityHeaders(config: RuntimeConfig): string {
  const headers = Object.entries(securityHeaders(config));
  // Behind the gateway an upstream (the static nginx) sends the same headers: answer them once.
  const lines = [...headers.map(([name]) => name), 'Strict-Transport-Security'].map(
    (name) => `proxy_hide_header ${name};`,
  );
  for (const [name, value] of headers)
    lines.push(`add_header ${name} "${value.replace(/"/g, '\\"')}" always;`);
  lines.push('add_header Strict-Transport-Security $medora_hsts always;');
  return `# Rendered from scripts/lib/security-headers.ts; do not edit.\n${lines.join('\n')}\n`;
}
