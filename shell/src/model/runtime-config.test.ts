import { runtimeConfigSchema } from '@medora/shared/schemas';
import { defaultRuntimeConfig, parseRuntimeConfig } from '@medora/shared';
import { loadRuntimeConfig } from './runtime-config';

const valid = {
  mode: 'production',
  apiBaseUrl: 'https://api.example.com',
  remotes: {
    landing: 'https://cdn.example.com/landing/mf-manifest.json',
    patient: '/remotes/patient/mf-manifest.json',
    booking: '/remotes/booking/mf-manifest.json',
    provider: '/remotes/provider/mf-manifest.json',
  },
  firebase: { apiKey: 'k', authDomain: 'example.firebaseapp.com', projectId: 'p' },
};

const respond = (status: number, body: unknown) =>
  jest.fn(
    async () =>
      ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response,
  );

describe('loadRuntimeConfig', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('uses a valid /runtime-config.json as it is', async () => {
    const fetchImpl = respond(200, valid);
    expect(await loadRuntimeConfig(fetchImpl)).toEqual(valid);
    expect(fetchImpl).toHaveBeenCalledWith('/runtime-config.json', expect.anything());
  });

  // Never a silent fall back to the demo project.
  it('refuses a missing file instead of falling back to the demo project', async () => {
    await expect(loadRuntimeConfig(respond(404, {}))).rejects.toThrow(
      '/runtime-config.json is missing or invalid: HTTP 404',
    );
  });

  it('refuses an invalid file, naming the problem', async () => {
    await expect(loadRuntimeConfig(respond(200, { mode: 'nope' }))).rejects.toThrow(
      "/runtime-config.json is missing or invalid: mode: expected 'local' or 'production'",
    );
  });

  it('defaults point every remote at /remotes/<name>/mf-manifest.json and the API at /api', () => {
    const config = defaultRuntimeConfig();
    expect(config.apiBaseUrl).toBe('/api');
    expect(config.remotes.booking).toBe('/remotes/booking/mf-manifest.json');
    expect(config.authEmulatorUrl).toBeUndefined();
  });
});

describe('parseRuntimeConfig', () => {
  const invalid: [string, unknown][] = [
    ['not an object', 'nope'],
    ['a wrong mode', { ...valid, mode: 'staging' }],
    ['an empty API base', { ...valid, apiBaseUrl: '' }],
    ['a missing remote', { ...valid, remotes: { ...valid.remotes, booking: undefined } }],
    ['a missing Firebase key', { ...valid, firebase: { ...valid.firebase, apiKey: '' } }],
    ['an emulator address that is not a URL', { ...valid, authEmulatorUrl: 'not a url' }],
  ];

  it.each(invalid)('rejects %s, as runtimeConfigSchema does', (_case, value) => {
    expect(() => parseRuntimeConfig(value)).toThrow();
    expect(runtimeConfigSchema.safeParse(value).success).toBe(false);
  });

  it('accepts what runtimeConfigSchema accepts and keeps only the known fields', () => {
    const withEmulator = { ...valid, authEmulatorUrl: 'http://127.0.0.1:9099', extra: true };
    expect(parseRuntimeConfig(withEmulator)).toEqual(runtimeConfigSchema.parse(withEmulator));
    expect(parseRuntimeConfig(valid)).toEqual(runtimeConfigSchema.parse(valid));
  });
});
