import type { IncomingMessage } from 'node:http';

/** What logs and metrics say for a request that matched no route (never its raw URL). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The route template of a request (`/api/patients/:uid`), as Fastify matched it: logs, metrics and
 * error reports name routes this way, so no patient id or query string from the URL reaches them.
 */
export function routeTemplate(request: { routeOptions?: { url?: string } } | undefined): string {
  return request?.routeOptions?.url ?? UNMATCHED_ROUTE;
}

const ROUTE = Symbol('medora.routeTemplate');
type WithRoute = IncomingMessage & { [ROUTE]?: string };

/**
 * Keeps the template on the raw Node request: pino-http writes its line when the raw response
 * finishes and sees only the raw request, not Fastify's.
 */
export function rememberRouteTemplate(raw: IncomingMessage, template: string): void {
  (raw as WithRoute)[ROUTE] = template;
}

/** The template `rememberRouteTemplate` kept, or UNMATCHED_ROUTE. */
export function rememberedRouteTemplate(raw: IncomingMessage): string {
  return (raw as WithRoute)[ROUTE] ?? UNMATCHED_ROUTE;
}
