import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What this plugin reads of a remote's snapshot (the runtime's form of its mf-manifest.json). */
interface ManifestSnapshot {
  remoteEntry?: string;
  remoteEntryType?: string;
  globalName?: string;
  publicPath?: string;
  version?: string;
  buildVersion?: string;
  modules?: { moduleName?: string; modulePath?: string; assets?: ExposeAssets }[];
}

interface ExposeAssets {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}

/** The files the exposed module `expose` ('./BookingPage') needs before it can run, as URLs. */
export function exposeFilesToPreload(
  snapshot: ManifestSnapshot,
  expose: string,
): { scripts: string[]; styles: string[] } {
  const module = snapshot.modules?.find((m) => m.modulePath === expose || `./${m.moduleName}` === expose);
  const url = (file: string) => `${snapshot.publicPath ?? ''}${file}`;
  return {
    scripts: (module?.assets?.js?.sync ?? []).map(url),
    styles: (module?.assets?.css?.sync ?? []).map(url),
  };
}

type Preload = (href: string, as: 'script' | 'style') => void;

/** Each file once a page: a second page of the same remote must not preload what has already run. */
const preloaded = new Set<string>();

const preloadLink: Preload = (href, as) => {
  if (preloaded.has(href)) return;
  preloaded.add(href);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.appendChild(link);
};

/**
 * Resolves a remote registered by its mf-manifest.json to its remoteEntry.js, in place of the
 * runtime's snapshot plugin, which the shell's build leaves out (`disableSnapshot`): that plugin also
 * computes preloads for remotes of remotes and shared modules, which ours do not have. The manifest
 * is still fetched and checked by the runtime's snapshot handler (its `fetch` and `afterLoadManifest`
 * hooks: remote-timeouts-plugin.ts, remote-contract-plugin.ts). The exposed module's own scripts and
 * styles start downloading beside remoteEntry.js, as with the snapshot plugin (which ran them as
 * script and stylesheet tags; a preload only downloads, and webpack runs them in its own order).
 */
export function remoteManifestPlugin(preload: Preload = preloadLink): ModuleFederationRuntimePlugin {
  return {
    name: 'medora-remote-manifest',
    async afterResolve(args) {
      const { remote, remoteInfo, expose, origin } = args;
      if (!('entry' in remote) || !remote.entry.includes('.json')) return args;
      const { remoteSnapshot } = await origin.snapshotHandler.loadRemoteSnapshotInfo({
        moduleInfo: remote,
        id: `${remote.name}/${expose.replace(/^\.\//, '')}`,
      });
      const snapshot = remoteSnapshot as ManifestSnapshot;
      // Our remotes' manifests name their files relative to the manifest (publicPath 'auto').
      if (!snapshot.remoteEntry || typeof snapshot.publicPath !== 'string') {
        throw new Error(`The manifest of ${remote.name} names no remoteEntry and publicPath`);
      }
      remoteInfo.entry = `${snapshot.publicPath}${snapshot.remoteEntry}`;
      remoteInfo.type = (snapshot.remoteEntryType ?? 'global') as typeof remoteInfo.type;
      remoteInfo.entryGlobalName = snapshot.globalName ?? remoteInfo.entryGlobalName;
      remoteInfo.version = snapshot.version;
      remoteInfo.buildVersion = snapshot.buildVersion;
      const { scripts, styles } = exposeFilesToPreload(snapshot, expose);
      for (const href of scripts) preload(href, 'script');
      for (const href of styles) preload(href, 'style');
      return { ...args, remoteSnapshot };
    },
  };
}
