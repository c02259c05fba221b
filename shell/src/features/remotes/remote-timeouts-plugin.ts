import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { CHUNK_LOAD_TIMEOUT_MS } from '@medora/shared';
import { takeEarlyManifest } from '../../early-fetch';

/** A manifest (or other federation fetch) answered outside 200–299. */
export class RemoteHttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    // The runtime wraps this as `#RUNTIME-003 … ${error}`; classifyRemoteFailure reads `HTTP <status>`.
    super(`HTTP ${status} for ${url}`);
    this.name = 'RemoteHttpError';
  }
}

/**
 * `output.chunkLoadTimeout` covers webpack chunks only (MACHINE-NOTES): the federation runtime loads a
 * remote's entry script with its own 20 s timeout and fetches the manifest with none at all, and it
 * parses a 502 page as JSON. This plugin gives both the 120 s timeout and checks `res.ok`.
 */
export function remoteTimeoutsPlugin(
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): ModuleFederationRuntimePlugin {
  return {
    name: 'medora-remote-timeouts',
    createScript({ url }) {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      return { script, timeout: timeoutMs };
    },
    async fetch(url, init) {
      // The entry chunk may have this manifest under way already (early-fetch.ts, same timeout): its
      // answer or its error (network, timeout) is this request's. A Retry asks again.
      const early = takeEarlyManifest(url);
      const res = early
        ? await early
        : await globalThis.fetch(url, {
            ...init,
            signal: init?.signal ?? AbortSignal.timeout(timeoutMs),
          });
      if (!res.ok) throw new RemoteHttpError(url, res.status);
      return res;
    },
  };
}
