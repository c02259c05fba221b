import { defaultManifestUrl, REMOTE_NAMES, type RemoteName, type RuntimeConfig } from './remotes.js';

/**
 * The one definition of how `/runtime-config.json` is built from the environment. Used by
 * the local stack (`scripts/lib/stack.ts`), the shell's fallback and the tests; the docker image's
 * `docker/web/40-runtime-config.sh` cannot import TypeScript, so `scripts/test/docker-compose.spec.ts`
 * runs it with the same environments and requires the same JSON (or the same refusal). Zod-free, so it
 * may sit on the shell's first paint; `runtimeConfigSchema` in `@medora/shared/schemas` is the
 * zod twin of `parseRuntimeConfig` and a shell test keeps the two in step.
 */

/** The environment variable that sets each remote's manifest URL, e.g. `REMOTE_BOOKING_URL`. */
export const remoteUrlEnv = (remote: RemoteName) => `REMOTE_${remote.toUpperCase()}_URL` as const;

/** Every variable the runtime config reads, in the order the docker script documents them. */
export const RUNTIME_CONFIG_ENV = [
  'MEDORA_MODE',
  'API_BASE_URL',
  ...REMOTE_NAMES.map(remoteUrlEnv),
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'AUTH_EMULATOR_URL',
] as const;

export type RuntimeConfigEnv = Partial<Record<string, string | undefined>>;

/**
 * Defaults of the variables above. The mode defaults to production so that a deployment that forgets
 * `MEDORA_MODE` refuses to start without real Firebase settings instead of running on the demo project;
 * the Firebase defaults apply in local mode only (the demo-medora project of the Auth emulator).
 */
export const RUNTIME_CONFIG_DEFAULTS = {
  MEDORA_MODE: 'production',
  API_BASE_URL: '/api',
  /** Local mode only. */
  FIREBASE_API_KEY: 'demo-api-key',
  /** Local mode only. */
  FIREBASE_PROJECT_ID: 'demo-medora',
  /** Local mode only; derived from the project id, as Firebase names it. */
  firebaseAuthDomain: (projectId: string) => `${projectId}.firebaseapp.com`,
} as const;

/**
 * Builds the runtime config from `env`; an empty value counts as unset (as `${VAR:-default}` in sh).
 * Throws, naming the variable, on an unknown mode, on production without the Firebase settings or with
 * the emulator, and on an emulator address that is not an http(s) URL.
 */
export function buildRuntimeConfig(env: RuntimeConfigEnv): RuntimeConfig {
  const get = (name: string) => env[name] || undefined;
  const mode = get('MEDORA_MODE') ?? RUNTIME_CONFIG_DEFAULTS.MEDORA_MODE;
  if (mode !== 'local' && mode !== 'production') {
    throw new Error(`MEDORA_MODE must be local or production (got '${mode}')`);
  }
  const emulator = get('AUTH_EMULATOR_URL');
  let firebase: RuntimeConfig['firebase'];
  if (mode === 'local') {
    const projectId = get('FIREBASE_PROJECT_ID') ?? RUNTIME_CONFIG_DEFAULTS.FIREBASE_PROJECT_ID;
    firebase = {
      apiKey: get('FIREBASE_API_KEY') ?? RUNTIME_CONFIG_DEFAULTS.FIREBASE_API_KEY,
      authDomain: get('FIREBASE_AUTH_DOMAIN') ?? RUNTIME_CONFIG_DEFAULTS.firebaseAuthDomain(projectId),
      projectId,
    };
  } else {
    const required = (name: string) => {
      const value = get(name);
      if (!value) throw new Error(`${name} is required when MEDORA_MODE=production`);
      return value;
    };
    firebase = {
      apiKey: required('FIREBASE_API_KEY'),
      authDomain: required('FIREBASE_AUTH_DOMAIN'),
      projectId: required('FIREBASE_PROJECT_ID'),
    };
    if (emulator) throw new Error('AUTH_EMULATOR_URL must not be set when MEDORA_MODE=production');
  }
  if (emulator !== undefined && !/^https?:\/\//.test(emulator)) {
    throw new Error(`AUTH_EMULATOR_URL must be an http(s) URL (got '${emulator}')`);
  }
  return {
    mode,
    apiBaseUrl: get('API_BASE_URL') ?? RUNTIME_CONFIG_DEFAULTS.API_BASE_URL,
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, get(remoteUrlEnv(name)) ?? defaultManifestUrl(name)]),
    ) as Record<RemoteName, string>,
    firebase,
    ...(emulator === undefined ? {} : { authEmulatorUrl: emulator }),
  };
}

/** Same-origin local defaults: what the shell uses when `/runtime-config.json` is missing or invalid. */
export function defaultRuntimeConfig(): RuntimeConfig {
  return buildRuntimeConfig({ MEDORA_MODE: 'local' });
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks `/runtime-config.json` against `RuntimeConfig` — the same rules as `runtimeConfigSchema` in
 * `@medora/shared/schemas`, written without zod so that zod stays off the first paint.
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
