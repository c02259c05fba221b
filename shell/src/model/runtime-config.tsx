import type {} from '../early-fetch';
import { RUNTIME_CONFIG_PATH } from '../runtime-config-path';
import { createContext, useContext, type ReactNode } from 'react';
import { defaultRuntimeConfig, errorMessage, parseRuntimeConfig, type RuntimeConfig } from '@medora/shared';

/**
 * Reads `/runtime-config.json` (remote URLs, API base, Firebase settings) so they change without a
 * rebuild. A missing or invalid file is an error (the shell then
 * shows `RuntimeConfigErrorPage`), never a silent fall back to the demo project; the reason is in the
 * thrown error and in the console.
 */
export async function loadRuntimeConfig(fetchImpl?: typeof fetch): Promise<RuntimeConfig> {
  try {
    // index.ts usually has the request under way already (early-fetch.ts); a failed early fetch is retried.
    const early = fetchImpl ? null : await window.__medoraRuntimeConfig;
    const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
    const res =
      early ??
      (await doFetch(RUNTIME_CONFIG_PATH, { cache: 'no-store', signal: AbortSignal.timeout(10_000) }));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return parseRuntimeConfig(await res.json());
  } catch (error) {
    console.error('[medora] /runtime-config.json is missing or invalid:', error);
    throw new Error(`/runtime-config.json is missing or invalid: ${errorMessage(error)}`, { cause: error });
  }
}

const RuntimeConfigContext = createContext<RuntimeConfig>(defaultRuntimeConfig());

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
