/**
 * Responses the shell's entry chunk asked for before the app booted (shell/src/early-fetch.ts): the
 * GETs a signed-in route's first screen sends, started with the session's stored ID token while the
 * code still downloads, so the data does not wait for the code (docs/performance.md). The API client
 * takes each one once, for the same URL and the same token, while it is fresh; anything else is sent
 * again as usual.
 */
export interface EarlyApiResponse {
  /** The ID token the request carried. */
  token: string;
  /** `Date.now()` when it was sent. */
  startedAt: number;
  response: Promise<Response>;
}

/** Older than this, an early answer is not used (the first screen asks within a few seconds). */
export const EARLY_API_MAX_AGE_MS = 15_000;

interface EarlyApiGlobal {
  __medoraEarlyApi?: Map<string, EarlyApiResponse>;
}

/** The store the shell's entry chunk fills (created on first use). */
export function earlyApiStore(): Map<string, EarlyApiResponse> {
  const g = globalThis as EarlyApiGlobal;
  return (g.__medoraEarlyApi ??= new Map());
}

/** The early response to `url` sent with `token`, handed out once; undefined when there is none to use. */
export function takeEarlyApiResponse(
  url: string,
  token: string,
  now = Date.now(),
): Promise<Response> | undefined {
  const store = (globalThis as EarlyApiGlobal).__medoraEarlyApi;
  const early = store?.get(url);
  if (!early) return undefined;
  store!.delete(url);
  if (early.token !== token || now - early.startedAt > EARLY_API_MAX_AGE_MS) return undefined;
  return early.response;
}
