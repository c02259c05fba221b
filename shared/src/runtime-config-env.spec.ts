import { runtimeConfigSchema } from './runtime-config.js';
import {
  buildRuntimeConfig,
  defaultRuntimeConfig,
  parseRuntimeConfig,
  RUNTIME_CONFIG_ENV,
} from './runtime-config-env.js';

describe('buildRuntimeConfig (the one runtime-config builder)', () => {
  const envs: Record<string, string>[] = [
    { MEDORA_MODE: 'local' },
    {
      MEDORA_MODE: 'local',
      AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
      REMOTE_BOOKING_URL: 'https://cdn.example/b.json',
    },
    { FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'd.example', FIREBASE_PROJECT_ID: 'p' },
  ];

  it.each(envs)('builds what both checkers accept unchanged: %j', (env) => {
    const config = buildRuntimeConfig(env);
    expect(runtimeConfigSchema.parse(config)).toEqual(config);
    expect(parseRuntimeConfig(config)).toEqual(config);
  });

  it('reads every remote from REMOTE_<NAME>_URL, with the same-origin manifest by default', () => {
    expect(RUNTIME_CONFIG_ENV).toEqual(
      expect.arrayContaining([
        'REMOTE_LANDING_URL',
        'REMOTE_PATIENT_URL',
        'REMOTE_BOOKING_URL',
        'REMOTE_PROVIDER_URL',
      ]),
    );
    const config = buildRuntimeConfig({ MEDORA_MODE: 'local', REMOTE_PATIENT_URL: 'https://x/p.json' });
    expect(config.remotes).toEqual({
      landing: '/remotes/landing/mf-manifest.json',
      patient: 'https://x/p.json',
      booking: '/remotes/booking/mf-manifest.json',
      provider: '/remotes/provider/mf-manifest.json',
    });
  });

  it('defaults to production, which needs the Firebase settings and refuses the emulator', () => {
    expect(() => buildRuntimeConfig({})).toThrow('FIREBASE_API_KEY is required when MEDORA_MODE=production');
    expect(() =>
      buildRuntimeConfig({
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_DOMAIN: 'd',
        FIREBASE_PROJECT_ID: 'p',
        AUTH_EMULATOR_URL: 'http://e',
      }),
    ).toThrow('AUTH_EMULATOR_URL must not be set when MEDORA_MODE=production');
    expect(() => buildRuntimeConfig({ MEDORA_MODE: 'staging' })).toThrow(
      "MEDORA_MODE must be local or production (got 'staging')",
    );
  });

  it('the shell’s fallback is the local defaults', () => {
    expect(defaultRuntimeConfig()).toEqual({
      mode: 'local',
      apiBaseUrl: '/api',
      remotes: {
        landing: '/remotes/landing/mf-manifest.json',
        patient: '/remotes/patient/mf-manifest.json',
        booking: '/remotes/booking/mf-manifest.json',
        provider: '/remotes/provider/mf-manifest.json',
      },
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-medora.firebaseapp.com',
        projectId: 'demo-medora',
      },
    });
  });
});
