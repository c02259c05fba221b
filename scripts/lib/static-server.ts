import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, isCompressibleType } from './compression.js';
import { LANDING_HTML, PRERENDER_FILE } from './prerender-paths.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Files a browser must revalidate on every load: they name the current build of a remote. */
const UNHASHED = new Set([
  'index.html',
  LANDING_HTML,
  PRERENDER_FILE,
  'mf-manifest.json',
  'remoteEntry.js',
  'mf-stats.json',
  'robots.txt',
]);
/** Missing files of these kinds answer 404, never the SPA page (MACHINE-NOTES: a wrong publicPath hides). */
const NEVER_FALLBACK = /\.(js|mjs|json|css|map)$/;

export interface StaticServerOptions {
  /** Folder with the build output; read on every request so a rebuild is picked up without restart. */
  dir: string;
  /** Serve index.html for unknown paths (the shell's client-side routes). */
  spa?: boolean;
  /** Extra JSON documents served at fixed paths (the shell's `/runtime-config.json`). */
  documents?: Record<string, () => unknown>;
  /** Security headers for every answer (`security-headers.ts`); nosniff alone without it. */
  headers?: (req: IncomingMessage) => Record<string, string>;
}

export function cacheControlFor(file: string): string {
  return UNHASHED.has(path.basename(file)) ? 'no-cache' : 'public, max-age=31536000, immutable';
}

const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  policy: Record<string, string>,
  status = 200,
): Promise<void> {
  const stat = await fs.stat(file);
  const ext = path.extname(file);
  const contentType = CONTENT_TYPES[ext] ?? 'application/octet-stream';
  const compressible = isCompressibleType(contentType);
  const headers: Record<string, string> = {
    ...policy,
    'Content-Type': contentType,
    'Cache-Control': cacheControlFor(file),
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
  };
  const wantsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (wantsGzip && compressible && stat.size >= COMPRESS_MIN_BYTES) {
    let cached = gzipCache.get(file);
    if (!cached || cached.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, body: gzipSync(await fs.readFile(file), { level: 9 }) };
      gzipCache.set(file, cached);
    }
    res.writeHead(status, {
      ...headers,
      'Content-Encoding': 'gzip',
      'Content-Length': String(cached.body.length),
    });
    res.end(req.method === 'HEAD' ? undefined : cached.body);
    return;
  }
  res.writeHead(status, { ...headers, 'Content-Length': String(stat.size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * A small static file server for built frontends: long-lived caching for content-hashed assets,
 * `no-cache` for the files that name a build, gzip, and a single-page fallback that never answers a
 * missing script with HTML.
 */
export function createStaticServer(options: StaticServerOptions): Server {
  const root = path.resolve(options.dir);
  return createServer((req, res) => {
    const policy = options.headers?.(req) ?? { 'X-Content-Type-Options': 'nosniff' };
    void (async () => {
      try {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.writeHead(405, { Allow: 'GET, HEAD' }).end();
          return;
        }
        const url = new URL(req.url ?? '/', 'http://localhost');
        const doc = options.documents?.[url.pathname];
        if (doc) {
          const body = JSON.stringify(doc());
          res.writeHead(200, {
            ...policy,
            'Content-Type': 'application/json; charset=utf-8',
            'Cache-Control': 'no-cache',
          });
          res.end(body);
          return;
        }
        let pathname: string;
        try {
          pathname = decodeURIComponent(url.pathname);
        } catch {
          res.writeHead(400).end('Bad path');
          return;
        }
        const file = path.resolve(root, '.' + pathname);
        if (file !== root && !file.startsWith(root + path.sep)) {
          res.writeHead(403).end('Forbidden');
          return;
        }
        if (await isFile(file)) {
          await sendFile(req, res, file, policy);
          return;
        }
        if (pathname.endsWith('/') && (await isFile(path.join(file, 'index.html')))) {
          await sendFile(req, res, path.join(file, 'index.html'), policy);
          return;
        }
        if (options.spa && !NEVER_FALLBACK.test(pathname) && (await isFile(path.join(root, 'index.html')))) {
          await sendFile(req, res, path.join(root, 'index.html'), policy);
          return;
        }
        res.writeHead(404, {
          ...policy,
          'Content-Type': 'text/plain; charset=utf-8',
          // Like nginx's static.conf: a 404 is kept by no cache (the file may be deployed next).
          'Cache-Control': 'no-store',
        });
        res.end('Not found');
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`Static server error: ${(error as Error).message}`);
      }
    })();
  });
}
