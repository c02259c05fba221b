import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import {
  COMPRESS_MIN_BYTES,
  compressor,
  isCompressibleType,
  negotiateEncoding,
  varyOnEncoding,
} from './compression.js';

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
): void {
  const upstream = new URL(target);
  // The edge names every request afresh (a client cannot choose the id that the API logs)
  // and returns it, so a user's report can be matched to the API's log lines.
  const requestId = randomUUID();
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
  const upstreamReq = httpRequest(
    { hostname: upstream.hostname, port: upstream.port, method: req.method, path, headers },
    (upstreamRes) => {
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

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/** The single origin of the local stack (what nginx is in docker-compose). */
export function createGateway(routes: GatewayRoutes): Server {
  return createServer((req, res) => {
    const route = routeRequest(routes, req.url ?? '/');
    const isApi =
      route !== null && 'target' in route && isApiPath(new URL(req.url ?? '/', 'http://g').pathname);
    const extra = !isApi && routes.securityHeaders ? routes.securityHeaders(req) : {};
    if (!route) {
      res.writeHead(404, { ...extra, 'Content-Type': 'text/plain; charset=utf-8' }).end('No such remote');
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
    proxy(req, res, route.target, route.path, extra);
  });
}
