import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { accessLogLine, redactedPath } from './access-log.js';
import {
  COMPRESS_MIN_BYTES,
  compressor,
  isCompressibleType,
  negotiateEncoding,
  varyOnEncoding,
} from './compression.js';
import { LANDING_HTML, LANDING_INCLUDE_PATH, PRERENDER_FILE } from './prerender-paths.js';
import { renderIncludes } from './ssi.js';

export interface GatewayRoutes {
  api: string;
  shell: string;
  remotes: Record<string, string>;
  /** Documents the gateway answers itself, by path (e.g. `/runtime-config.json`). */
  documents?: Record<string, () => unknown>;
  /**
   * Security headers for every page, asset and document (not the API, whose own helmet policy also
   * covers its OpenAPI UI); see `security-headers.ts`.
   */
  securityHeaders?: (req: IncomingMessage) => Record<string, string>;
  /** Receives one access-log line per request (`access-log.ts`: no patient ids, the request id). */
  accessLog?: (line: string) => void;
}

/** Where a request goes: `/api` keeps its path; `/remotes/<name>/x` loses its prefix; the rest is the shell. */
export function routeRequest(
  routes: GatewayRoutes,
  rawUrl: string,
): { target: string; path: string } | { document: string } | null {
  const url = new URL(rawUrl, 'http://gateway');
  if (routes.documents?.[url.pathname]) return { document: url.pathname };
  if (isApiPath(url.pathname)) {
    return { target: routes.api, path: url.pathname + url.search };
  }
  const remote = /^\/remotes\/([a-z]+)(\/.*)?$/.exec(url.pathname);
  if (remote) {
    const target = routes.remotes[remote[1]!];
    if (!target) return null;
    return { target, path: (remote[2] ?? '/') + url.search };
  }
  return { target: routes.shell, path: url.pathname + url.search };
}

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Compress a compressible answer above COMPRESS_MIN_BYTES (or of unknown length) that the
 * upstream did not encode itself; every compressible answer varies on Accept-Encoding.
 */
function sendMaybeCompressed(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders | IncomingHttpHeaders,
  body: NodeJS.ReadableStream | Buffer,
): void {
  const out: OutgoingHttpHeaders = { ...headers };
  const type = out['content-type'] as string | undefined;
  if (!isCompressibleType(type)) {
    res.writeHead(status, out);
    if (Buffer.isBuffer(body)) res.end(body);
    else body.pipe(res);
    return;
  }
  out.vary = varyOnEncoding(out.vary);
  const length = Buffer.isBuffer(body) ? body.length : Number(out['content-length'] ?? NaN);
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const hasBody = req.method !== 'HEAD' && status !== 204 && status !== 304;
  if (!encoding || out['content-encoding'] || !hasBody || length < COMPRESS_MIN_BYTES) {
    res.writeHead(status, out);
    if (Buffer.isBuffer(body)) res.end(body);
    else body.pipe(res);
    return;
  }
  delete out['content-length'];
  out['content-encoding'] = encoding;
  res.writeHead(status, out);
  const zip = compressor(encoding);
  zip.pipe(res);
  if (Buffer.isBuffer(body)) zip.end(body);
  else body.pipe(zip);
}

function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  path: string,
  extra: Record<string, string>,
  requestId: string,
): void {
  const upstream = new URL(target);
  const headers: Record<string, string | string[] | undefined> = {
    ...req.headers,
    host: upstream.host,
    'x-forwarded-host': req.headers.host ?? '',
    'x-forwarded-for': req.socket.remoteAddress ?? '',
    // Replaced like X-Forwarded-For: a client-sent one would otherwise pass through unchanged.
    'x-real-ip': req.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
    'x-request-id': requestId,
  };
  let answer: IncomingMessage | undefined;
  const upstreamReq = httpRequest(
    { hostname: upstream.hostname, port: upstream.port, method: req.method, path, headers },
    (upstreamRes) => {
      answer = upstreamRes;
      if (!req.complete) answeredEarly(req, upstreamReq, upstreamRes);
      sendMaybeCompressed(
        req,
        res,
        upstreamRes.statusCode ?? 502,
        { ...upstreamRes.headers, ...lower(extra), 'x-request-id': requestId },
        upstreamRes,
      );
    },
  );
  upstreamReq.on('error', () => {
    // Once the upstream has answered, its answer is what the client gets: a broken pipe while the
    // rest of an unwanted body was still being sent is no 502. An answer cut off midway is cut off
    // for the client too (never a 502 text appended to it).
    if (answer) {
      if (!answer.complete) res.destroy();
      return;
    }
    if (!res.headersSent) {
      res.writeHead(502, {
        ...extra,
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Request-Id': requestId,
      });
    }
    res.end('Bad gateway: the service behind this path is not answering.');
  });
  req.on('aborted', () => upstreamReq.destroy());
  req.pipe(upstreamReq);
}

/** How long a client may go on sending a body the upstream has already answered. */
const EARLY_ANSWER_DRAIN_MS = 10_000;

/**
 * The upstream answered before the whole request body was sent (the API's 413 for a body past its
 * limit, decided on Content-Length): the gateway stops sending the body upstream, ends that upstream
 * request once the answer is read, and reads and drops the rest from the client, whose connection
 * stays open for the answer (closing it with unread bytes would reset it, erasing the answer). A client
 * still sending EARLY_ANSWER_DRAIN_MS later is disconnected.
 */
function answeredEarly(req: IncomingMessage, upstreamReq: ClientRequest, upstreamRes: IncomingMessage): void {
  req.unpipe(upstreamReq);
  req.resume();
  upstreamRes.once('end', () => upstreamReq.destroy());
  const timer = setTimeout(() => req.socket.destroy(), EARLY_ANSWER_DRAIN_MS);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
  req.socket.once('close', () => clearTimeout(timer));
}

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/** The single origin of the local stack (what nginx is in docker-compose). */
export function createGateway(routes: GatewayRoutes): Server {
  return createServer((req, res) => {
    // The edge names every request afresh (a client cannot choose the id that the API logs)
    // and returns it, so a user's report can be matched to the API's log lines.
    const requestId = randomUUID();
    if (routes.accessLog) logWhenDone(req, res, requestId, routes.accessLog);
    const route = routeRequest(routes, req.url ?? '/');
    const isApi =
      route !== null && 'target' in route && isApiPath(new URL(req.url ?? '/', 'http://g').pathname);
    const extra = !isApi && routes.securityHeaders ? routes.securityHeaders(req) : {};
    if (!route) {
      // Kept by no cache, like a missing file of a remote: the remote may be deployed a moment later.
      res
        .writeHead(404, {
          ...extra,
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
        })
        .end('No such remote');
      return;
    }
    if ('document' in route) {
      const body = Buffer.from(JSON.stringify(routes.documents![route.document]!()));
      sendMaybeCompressed(
        req,
        res,
        200,
        { ...lower(extra), 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
        body,
      );
      return;
    }
    if (route.target === routes.shell && isLandingPage(req)) {
      void composeLandingPage(req, res, routes, extra, requestId);
      return;
    }
    proxy(req, res, route.target, route.path, extra, requestId);
  });
}

/** How long the gateway waits for either half of the landing page before it does without. */
const COMPOSE_TIMEOUT_MS = 5_000;

const isLandingPage = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && new URL(req.url ?? '/', 'http://g').pathname === '/';

async function fetchText(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(COMPOSE_TIMEOUT_MS), redirect: 'manual' });
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

/**
 * `/`: the shell's landing.html with the landing remote's prerendered page included, as nginx's
 * `ssi on` composes it in docker/nginx/gateway.conf (prerender.ts). Without a landing.html the shell's
 * own answer to `/` is passed on; without a prerendered page the include's stub is used.
 */
async function composeLandingPage(
  req: IncomingMessage,
  res: ServerResponse,
  routes: GatewayRoutes,
  extra: Record<string, string>,
  requestId: string,
): Promise<void> {
  const page = await fetchText(`${routes.shell}/${LANDING_HTML}`);
  if (page?.status !== 200) {
    proxy(req, res, routes.shell, req.url ?? '/', extra, requestId);
    return;
  }
  const html = await renderIncludes(page.body, async (virtualPath) => {
    const landing = routes.remotes.landing;
    if (virtualPath !== LANDING_INCLUDE_PATH || !landing) return null;
    const part = await fetchText(`${landing}/${PRERENDER_FILE}`);
    return part?.status === 200 && part.body.trim() ? part.body : null;
  });
  sendMaybeCompressed(
    req,
    res,
    200,
    {
      ...lower(extra),
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'x-request-id': requestId,
    },
    Buffer.from(html),
  );
}

function logWhenDone(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  write: (line: string) => void,
): void {
  const started = performance.now();
  res.once('close', () =>
    write(
      accessLogLine({
        time: new Date().toISOString(),
        requestId,
        method: req.method ?? '',
        path: redactedPath(req.url ?? '/'),
        // An answer cut off before it was complete is logged as 499, as nginx does.
        status: res.writableFinished ? res.statusCode : 499,
        requestTime: Math.round(performance.now() - started) / 1000,
      }),
    ),
  );
}
