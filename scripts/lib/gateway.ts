import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';

export interface GatewayRoutes {
  api: string;
  shell: string;
  remotes: Record<string, string>;
  /** Documents the gateway answers itself, by path (e.g. `/runtime-config.json`). */
  documents?: Record<string, () => unknown>;
}

/** Where a request goes: `/api` keeps its path; `/remotes/<name>/x` loses its prefix; the rest is the shell. */
export function routeRequest(
  routes: GatewayRoutes,
  rawUrl: string,
): { target: string; path: string } | { document: string } | null {
  const url = new URL(rawUrl, 'http://gateway');
  if (routes.documents?.[url.pathname]) return { document: url.pathname };
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
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

function proxy(req: IncomingMessage, res: ServerResponse, target: string, path: string): void {
  const upstream = new URL(target);
  const headers: Record<string, string | string[] | undefined> = {
    ...req.headers,
    host: upstream.host,
    'x-forwarded-host': req.headers.host ?? '',
    'x-forwarded-for': req.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
  };
  const upstreamReq = httpRequest(
    { hostname: upstream.hostname, port: upstream.port, method: req.method, path, headers },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res);
    },
  );
  upstreamReq.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    }
    res.end('Bad gateway: the service behind this path is not answering.');
  });
  req.on('aborted', () => upstreamReq.destroy());
  req.pipe(upstreamReq);
}

/** The single origin of the local stack (what nginx is in docker-compose). */
export function createGateway(routes: GatewayRoutes): Server {
  return createServer((req, res) => {
    const route = routeRequest(routes, req.url ?? '/');
    if (!route) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('No such remote');
      return;
    }
    if ('document' in route) {
      const body = JSON.stringify(routes.documents![route.document]!());
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(body);
      return;
    }
    proxy(req, res, route.target, route.path);
  });
}
