import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** The API's security headers (helmet's defaults; Swagger UI needs inline scripts and styles). */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'validator.swagger.io'],
    },
  },
};

/**
 * The headers helmet sets for `options`, computed once (CPU per request): @fastify/helmet
 * built helmet's middleware — and parsed the CSP directives — again on every request. None of these
 * values depends on the request (no nonces, no function directives), so they are read off helmet's
 * own middleware once, with helmet's spelling and order, and set on every response by the app's one
 * onRequest hook. Helmet's only other action, removing `X-Powered-By`, has nothing to do: Fastify
 * never sets it.
 */
export function securityHeaders(options: HelmetOptions = API_HELMET_OPTIONS): readonly [string, string][] {
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
