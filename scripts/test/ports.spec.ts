import { DEFAULT_PORTS, resolvePorts } from '../lib/ports';
import { buildRuntimeConfig } from '../../shared/src/runtime-config-env';

describe('ports', () => {
  it('uses the defaults when nothing is set', () => {
    expect(resolvePorts({})).toEqual(DEFAULT_PORTS);
  });

  it('shifts every default by PORT_OFFSET but keeps explicit ports', () => {
    const ports = resolvePorts({ PORT_OFFSET: '10000', API_PORT: '4000' });
    expect(ports.GATEWAY_PORT).toBe(18080);
    expect(ports.API_PORT).toBe(4000);
  });

  it('names the variable and the value when a port is not valid', () => {
    expect(() => resolvePorts({ API_PORT: 'abc' })).toThrow(
      "API_PORT must be a port number from 1 to 65535 (got 'abc')",
    );
  });
});

describe('runtime config', () => {
  it('points every remote at its same-origin manifest by default', () => {
    const config = buildRuntimeConfig({ MEDORA_MODE: 'local' });
    expect(config.remotes.booking).toBe('/remotes/booking/mf-manifest.json');
    expect(config.apiBaseUrl).toBe('/api');
    expect(config.authEmulatorUrl).toBeUndefined();
  });

  it('takes remote URLs from env without a rebuild', () => {
    const config = buildRuntimeConfig({
      MEDORA_MODE: 'local',
      REMOTE_BOOKING_URL: 'https://cdn.example/booking/mf-manifest.json',
    });
    expect(config.remotes.booking).toBe('https://cdn.example/booking/mf-manifest.json');
  });
});
