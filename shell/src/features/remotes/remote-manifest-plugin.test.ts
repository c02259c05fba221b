/**
 * @jest-environment node
 */
import type * as Runtime from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { exposeFilesToPreload, remoteManifestPlugin } from './remote-manifest-plugin';

const MANIFEST_URL = 'http://remotes.test/booking/mf-manifest.json';

/** A remote's mf-manifest.json as the federation build writes it (publicPath 'auto'). */
const MANIFEST = {
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
    publicPath: 'auto',
  },
  shared: [],
  remotes: [],
  exposes: [
    {
      id: 'mfe_booking:BookingPage',
      name: 'BookingPage',
      path: './BookingPage',
      assets: {
        js: { sync: ['12.abc.js', '__federation_expose_BookingPage.def.js'], async: [] },
        css: { sync: ['__federation_expose_BookingPage.123.css'], async: [] },
      },
    },
  ],
};

/**
 * The shell's build leaves the runtime's snapshot plugin out (FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN);
 * the same here, so that these tests see this plugin alone turn a manifest into an entry.
 */
function runtimeWithoutSnapshotPlugin(): typeof Runtime {
  (
    globalThis as { FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN?: boolean }
  ).FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN = true;
  let runtime: typeof Runtime | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    runtime = require('@module-federation/enhanced/runtime');
  });
  return runtime!;
}

describe('remoteManifestPlugin in the federation runtime', () => {
  function host(plugins: (preloads: string[][]) => ModuleFederationRuntimePlugin[]) {
    const { createInstance } = runtimeWithoutSnapshotPlugin();
    const fetches: string[] = [];
    const entries: { entry: string; type: string; entryGlobalName: string }[] = [];
    const exposed = { default: () => null };
    const preloads: string[][] = [];
    const fakeNetwork: ModuleFederationRuntimePlugin = {
      name: 'test-network',
      async fetch(url) {
        fetches.push(url);
        return new Response(JSON.stringify(MANIFEST), { headers: { 'Content-Type': 'application/json' } });
      },
      // The entry script, as the runtime would get it from remoteEntry.js.
      async loadEntry({ remoteInfo }) {
        entries.push({
          entry: remoteInfo.entry,
          type: remoteInfo.type,
          entryGlobalName: remoteInfo.entryGlobalName,
        });
        return { init: async () => undefined, get: () => async () => exposed };
      },
    };
    const instance = createInstance({
      name: `host_${Math.random().toString(36).slice(2)}`,
      remotes: [{ name: 'mfe_booking', entry: MANIFEST_URL }],
      shared: {},
      plugins: [fakeNetwork, ...plugins(preloads)],
    });
    return { instance, fetches, entries, exposed, preloads };
  }

  it('loads the remoteEntry.js its manifest names, next to the manifest', async () => {
    const { instance, fetches, entries, exposed } = host(() => [remoteManifestPlugin(() => undefined)]);
    await expect(instance.loadRemote('mfe_booking/BookingPage')).resolves.toBe(exposed);
    expect(fetches).toEqual([MANIFEST_URL]);
    expect(entries).toEqual([
      { entry: 'http://remotes.test/booking/remoteEntry.js', type: 'global', entryGlobalName: 'mfe_booking' },
    ]);
  });

  it("starts the exposed module's scripts and styles beside the entry", async () => {
    const { instance, preloads } = host((out) => [remoteManifestPlugin((href, as) => out.push([as, href]))]);
    await instance.loadRemote('mfe_booking/BookingPage');
    expect(preloads).toEqual([
      ['script', 'http://remotes.test/booking/12.abc.js'],
      ['script', 'http://remotes.test/booking/__federation_expose_BookingPage.def.js'],
      ['style', 'http://remotes.test/booking/__federation_expose_BookingPage.123.css'],
    ]);
  });

  it('is what turns a manifest into an entry: without it the manifest URL itself is loaded', async () => {
    const { instance, entries } = host(() => []);
    await instance.loadRemote('mfe_booking/BookingPage').catch(() => undefined);
    expect(entries.map((e) => e.entry)).toEqual([MANIFEST_URL]);
  });
});

describe('exposeFilesToPreload', () => {
  const snapshot = {
    publicPath: 'http://x/r/',
    modules: [
      { moduleName: 'Page', modulePath: './Page', assets: { js: { sync: ['a.js'] }, css: { sync: [] } } },
    ],
  };

  it('lists the sync files of the exposed module under the public path', () => {
    expect(exposeFilesToPreload(snapshot, './Page')).toEqual({ scripts: ['http://x/r/a.js'], styles: [] });
  });

  it('lists nothing for a module the manifest does not expose', () => {
    expect(exposeFilesToPreload(snapshot, './Missing')).toEqual({ scripts: [], styles: [] });
  });
});
