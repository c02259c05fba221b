/**
 * @jest-environment node
 */
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { formatMessage } from '@medora/shared';
import { classifyRemoteFailure } from './failure-type';
import { manifestContractVersion, RemoteContractError, remoteContractPlugin } from './remote-contract-plugin';

const MANIFEST_URL = 'http://remotes.test/booking/mf-manifest.json';

/** A remote's mf-manifest.json, as the federation build writes it, built against `sharedVersion`. */
function manifest(sharedVersion?: string) {
  return {
    id: 'mfe_booking',
    name: 'mfe_booking',
    metaData: {
      name: 'mfe_booking',
      type: 'app',
      buildInfo: { buildVersion: '1.0.0', buildName: 'mfe-booking' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: 'mfe_booking',
      pluginVersion: '2.9.2',
      prefetchInterface: false,
      publicPath: 'auto',
    },
    shared: [
      {
        id: 'mfe_booking:react',
        name: 'react',
        version: '19.3.1',
        singleton: true,
        requiredVersion: '^19.3.1',
      },
      ...(sharedVersion
        ? [
            {
              id: 'mfe_booking:@medora/shared',
              name: '@medora/shared',
              version: sharedVersion,
              singleton: true,
              requiredVersion: `^${sharedVersion.split('.')[0]}.0.0`,
            },
          ]
        : []),
    ].map((s) => ({ ...s, hash: '', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } })),
    remotes: [],
    exposes: [],
  };
}

describe('manifestContractVersion', () => {
  it('reads the @medora/shared version a remote was built with from its manifest', () => {
    expect(manifestContractVersion(manifest('1.2.0'))).toBe('1.2.0');
  });

  it('has none for a manifest that does not share @medora/shared, or is not a manifest', () => {
    expect(manifestContractVersion(manifest())).toBeUndefined();
    expect(manifestContractVersion({ shared: 'x' })).toBeUndefined();
    expect(manifestContractVersion(null)).toBeUndefined();
  });
});

describe('RemoteContractError', () => {
  it('says which remote was refused and both versions, from the catalogue', () => {
    const error = new RemoteContractError('booking', '1.0.0', '2.0.0');
    expect(error.message).toBe(
      formatMessage('remoteIncompatible', {
        remote: 'booking',
        hostVersion: '1.0.0',
        remoteVersion: '2.0.0',
      }),
    );
    expect(error.message).toMatch(/booking.*2\.0\.0.*1\.0\.0/);
    expect(classifyRemoteFailure(error)).toBe('incompatible');
  });

  it('names a missing version as unknown', () => {
    expect(new RemoteContractError('booking', '1.0.0', undefined).text).toContain('shared contract unknown');
  });
});

describe('remoteContractPlugin in the federation runtime', () => {
  /**
   * A host with the booking remote behind MANIFEST_URL, answered with `answer()`; the real runtime
   * (snapshot handler, manifest cache, error hooks) runs between the plugin and `loadRemote`.
   */
  function host(hostVersion: string, answer: () => object) {
    const fetches: string[] = [];
    const fakeNetwork: ModuleFederationRuntimePlugin = {
      name: 'test-network',
      async fetch(url) {
        fetches.push(url);
        return new Response(JSON.stringify(answer()), { headers: { 'Content-Type': 'application/json' } });
      },
    };
    const instance = createInstance({
      name: `host_${Math.random().toString(36).slice(2)}`,
      remotes: [{ name: 'mfe_booking', entry: MANIFEST_URL }],
      shared: {},
      plugins: [fakeNetwork, remoteContractPlugin(hostVersion)],
    });
    return { instance, fetches };
  }

  let warn: jest.SpyInstance;
  beforeEach(() => {
    // The runtime logs each refusal as a warning; expected here.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    warn.mockRestore();
    // The runtime keeps manifest loads page-wide; each test starts from none.
    const global = globalThis as { __FEDERATION__?: { __MANIFEST_LOADING__?: Record<string, unknown> } };
    for (const key of Object.keys(global.__FEDERATION__?.__MANIFEST_LOADING__ ?? {})) {
      delete global.__FEDERATION__!.__MANIFEST_LOADING__![key];
    }
  });

  it('refuses a remote built against another major before loading its entry, with the error itself', async () => {
    const { instance, fetches } = host('1.0.0', () => manifest('2.0.0'));
    const loading = instance.loadRemote('mfe_booking/BookingPage');
    await expect(loading).rejects.toBeInstanceOf(RemoteContractError);
    await expect(loading).rejects.toMatchObject({
      remote: 'booking',
      hostVersion: '1.0.0',
      remoteVersion: '2.0.0',
    });
    // Only the manifest: the remote's entry script was never asked for.
    expect(fetches).toEqual([MANIFEST_URL]);
  });

  it('refuses a remote whose manifest names no @medora/shared', async () => {
    const { instance } = host('1.0.0', () => manifest());
    await expect(instance.loadRemote('mfe_booking/BookingPage')).rejects.toMatchObject({
      name: 'RemoteContractError',
      remoteVersion: undefined,
    });
  });

  it('fetches the manifest again on the next load (Retry), so a redeployed remote is seen', async () => {
    let version = '2.0.0';
    const { instance, fetches } = host('1.0.0', () => manifest(version));
    await expect(instance.loadRemote('mfe_booking/BookingPage')).rejects.toBeInstanceOf(RemoteContractError);
    version = '3.0.0';
    await expect(instance.loadRemote('mfe_booking/BookingPage')).rejects.toMatchObject({
      remoteVersion: '3.0.0',
    });
    expect(fetches).toEqual([MANIFEST_URL, MANIFEST_URL]);
  });

  it('lets a remote built against the same major load', async () => {
    const { instance } = host('1.0.0', () => manifest('1.3.0'));
    const exposed = { default: () => null };
    // The entry script, as the runtime would get it from remoteEntry.js: a container with the module.
    instance.registerPlugins([
      {
        name: 'test-entry',
        loadEntry: async () => ({ init: async () => undefined, get: () => async () => exposed }),
      },
    ]);
    await expect(instance.loadRemote('mfe_booking/BookingPage')).resolves.toBe(exposed);
  });
});
