import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What the API answers (JSON, downloaded files) is never a page: nothing in it may run, load anything
 * or be framed, even when a browser is tricked into rendering it (OWASP Secure Headers, REST APIs).
 */
export const API_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/**
 * Sent only on a request that came over HTTPS (RFC 6797 §7.2: a host must not send it over plain
 * HTTP): `request.protocol`, which believes X-Forwarded-Proto from the trusted proxies only.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The API's other headers: helmet's, without its page CSP and without HSTS (set per request). */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
};

/** The OpenAPI UI (`/api/docs`) is a page: Swagger UI needs inline scripts and styles. */
export const DOCS_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'validator.swagger.io'],
    },
  },
  strictTransportSecurity: false,
};

/** Where the OpenAPI UI and documents live (see app.factory.ts). */
export const DOCS_PATH_PREFIX = '/api/docs';

/**
 * The headers of every API answer: the strict CSP, and `Cache-Control: no-store` unless a route sets
 * its own (only the public doctors list does): answers carry personal or health data, which must not
 * stay in a browser's or proxy's cache after logout (HIPAA §164.312(a), OWASP ASVS V8.2.1).
 */
export function apiSecurityHeaders(): readonly [string, string][] {
  return [
    ...securityHeaders(API_HELMET_OPTIONS),
    ['Content-Security-Policy', API_CSP],
    ['Cache-Control', 'no-store'],
  ];
}

/**
 * The headers helmet sets for `options`, computed once (CPU per request): @fastify/helmet
 * built helmet's middleware — and parsed the CSP directives — again on every request. None of these
 * values depends on the request (no nonces, no function directives), so they are read off helmet's
 * own middleware once, with helmet's spelling and order, and set on every response by the app's one
 * onRequest hook. Helmet's only other action, removing `X-Powered-By`, has nothing to do: Fastify
 * never sets it.
 */
export function securityHeaders(options: HelmetOptions): readonly [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader() {
      // Nothing to remove on a response Fastify has not started.
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}
