import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_CONTAINERS, REMOTE_NAMES, type RuntimeConfig } from '@medora/shared';
import { remoteContractPlugin } from './remote-contract-plugin';
import { remoteManifestPlugin } from './remote-manifest-plugin';
import { remoteTimeoutsPlugin } from './remote-timeouts-plugin';

/**
 * Registers every remote at run time from the runtime config's manifest URLs:
 * the shell is built with `remotes: {}`, so a remote can move without rebuilding the shell. A remote
 * built against another major of @medora/shared is refused when its manifest arrives.
 */
export function registerMedoraRemotes(config: RuntimeConfig): void {
  registerPlugins([remoteTimeoutsPlugin(), remoteContractPlugin(), remoteManifestPlugin()]);
  registerRemotes(
    REMOTE_NAMES.map((remote) => ({
      name: REMOTE_CONTAINERS[remote],
      entry: absoluteUrl(config.remotes[remote]),
    })),
    { force: true },
  );
}

function absoluteUrl(url: string): string {
  return new URL(url, window.location.href).href;
}
