import type {} from '../early-fetch';
import { createContext, useContext, type ReactNode } from 'react';
import { defaultManifestUrl, REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '@medora/shared';

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
export async function loadRuntimeConfig(fetchImpl?: typeof fetch): Promise<RuntimeConfig> {
  try {
    // index.ts usually has the request under way already (early-fetch.ts); a failed early fetch is retried.
    const early = fetchImpl ? null : await window.__medoraRuntimeConfig;
    const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
    const res =
      early ??
      (await doFetch('/runtime-config.json', { cache: 'no-store', signal: AbortSignal.timeout(10_000) }));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return parseRuntimeConfig(await res.json());
  } catch (error) {
    console.warn('[medora] /runtime-config.json unusable, using same-origin defaults:', error);
    return defaultRuntimeConfig();
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks `/runtime-config.json` against `RuntimeConfig` — the same rules as `runtimeConfigSchema` in
 * `@medora/shared/schemas`, written without zod so that zod stays off the first paint (issue 8).
 * Throws with the first problem found; returns only the known fields.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new Error('not a JSON object');
  const { mode, apiBaseUrl, remotes, firebase, authEmulatorUrl } = value;
  if (mode !== 'local' && mode !== 'production') throw new Error("mode: expected 'local' or 'production'");
  if (!isText(apiBaseUrl)) throw new Error('apiBaseUrl: expected a non-empty string');
  if (!isRecord(remotes)) throw new Error('remotes: expected an object');
  for (const name of REMOTE_NAMES) {
    if (!isText(remotes[name])) throw new Error(`remotes.${name}: expected a non-empty string`);
  }
  if (!isRecord(firebase)) throw new Error('firebase: expected an object');
  for (const key of ['apiKey', 'authDomain', 'projectId'] as const) {
    if (!isText(firebase[key])) throw new Error(`firebase.${key}: expected a non-empty string`);
  }
  if (authEmulatorUrl !== undefined && !(isText(authEmulatorUrl) && URL.canParse(authEmulatorUrl))) {
    throw new Error('authEmulatorUrl: expected a URL');
  }
  return {
    mode,
    apiBaseUrl,
    remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, remotes[name]])) as Record<
      RemoteName,
      string
    >,
    firebase: {
      apiKey: firebase.apiKey as string,
      authDomain: firebase.authDomain as string,
      projectId: firebase.projectId as string,
    },
    ...(authEmulatorUrl === undefined ? {} : { authEmulatorUrl: authEmulatorUrl as string }),
  };
}

const RuntimeConfigContext = createContext<RuntimeConfig>(defaultRuntimeConfig());

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
