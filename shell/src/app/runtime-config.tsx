import { createContext, useContext, type ReactNode } from 'react';
import {
  defaultManifestUrl,
  REMOTE_NAMES,
  runtimeConfigSchema,
  type RemoteName,
  type RuntimeConfig,
} from '@medora/shared';

/** Same-origin defaults, used when /runtime-config.json is missing or invalid. */
export function defaultRuntimeConfig(): RuntimeConfig {
  const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, defaultManifestUrl(name)])) as Record<
    RemoteName,
    string
  >;
  return {
    mode: 'local',
    apiBaseUrl: '/api',
    remotes,
    firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-medora' },
  };
}

/**
 * Reads `/runtime-config.json` (remote URLs, API base, Firebase settings) so they change without a
 * rebuild (ARCHITECTURE rule 1). Falls back to the same-origin defaults and says why in the console.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<RuntimeConfig> {
  try {
    const res = await fetchImpl('/runtime-config.json', {
      cache: 'no-store',
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const parsed = runtimeConfigSchema.safeParse(await res.json());
    if (!parsed.success) throw new Error(parsed.error.message);
    return parsed.data;
  } catch (error) {
    console.warn('[medora] /runtime-config.json unusable, using same-origin defaults:', error);
    return defaultRuntimeConfig();
  }
}

const RuntimeConfigContext = createContext<RuntimeConfig>(defaultRuntimeConfig());

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
