/** Builds the shell's `/runtime-config.json` from env, so no URL is baked into a build (ARCHITECTURE rule 1). */
export interface RuntimeConfigJson {
  mode: 'local' | 'production';
  apiBaseUrl: string;
  remotes: { landing: string; patient: string; booking: string; provider: string };
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl?: string;
}

export const RUNTIME_CONFIG_ENV = [
  'MEDORA_MODE',
  'API_BASE_URL',
  'REMOTE_LANDING_URL',
  'REMOTE_PATIENT_URL',
  'REMOTE_BOOKING_URL',
  'REMOTE_PROVIDER_URL',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'AUTH_EMULATOR_URL',
] as const;

export function buildRuntimeConfig(env: NodeJS.ProcessEnv): RuntimeConfigJson {
  const remote = (name: string, key: string) => env[key] || `/remotes/${name}/mf-manifest.json`;
  const config: RuntimeConfigJson = {
    mode: env.MEDORA_MODE === 'production' ? 'production' : 'local',
    apiBaseUrl: env.API_BASE_URL || '/api',
    remotes: {
      landing: remote('landing', 'REMOTE_LANDING_URL'),
      patient: remote('patient', 'REMOTE_PATIENT_URL'),
      booking: remote('booking', 'REMOTE_BOOKING_URL'),
      provider: remote('provider', 'REMOTE_PROVIDER_URL'),
    },
    firebase: {
      apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || 'localhost',
      projectId: env.FIREBASE_PROJECT_ID || 'demo-medora',
    },
  };
  if (env.AUTH_EMULATOR_URL) config.authEmulatorUrl = env.AUTH_EMULATOR_URL;
  return config;
}
