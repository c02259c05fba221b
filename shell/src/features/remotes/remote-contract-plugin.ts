import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { CONTRACT_PACKAGE, formatMessage, isCompatibleContract, MESSAGES } from '@medora/shared';
import { remoteNameOf } from './remote-name';

/**
 * A remote built against another major of @medora/shared than the page runs: refused before any of
 * its code loads. Its message (from the catalogue) names the remote and both versions.
 */
export class RemoteContractError extends Error {
  /** What the failure page says. The runtime prefixes `message` with its own tag as the error passes. */
  readonly text: string;

  constructor(
    readonly remote: string,
    readonly hostVersion: string,
    readonly remoteVersion: string | undefined,
  ) {
    const text = formatMessage('remoteIncompatible', {
      remote,
      hostVersion,
      remoteVersion: remoteVersion ?? MESSAGES.unknownVersion,
    });
    super(text);
    this.name = 'RemoteContractError';
    this.text = text;
  }
}

/** The @medora/shared version a remote was built with, as its mf-manifest.json lists it among `shared`. */
export function manifestContractVersion(manifest: unknown): string | undefined {
  const shared =
    typeof manifest === 'object' && manifest !== null ? (manifest as { shared?: unknown }).shared : [];
  if (!Array.isArray(shared)) return undefined;
  const entry: unknown = shared.find(
    (s: unknown) =>
      typeof s === 'object' && s !== null && (s as { name?: unknown }).name === CONTRACT_PACKAGE,
  );
  const version = (entry as { version?: unknown } | undefined)?.version;
  return typeof version === 'string' ? version : undefined;
}

/**
 * Refuses a remote whose manifest says it was built against another major of @medora/shared than
 * `hostVersion` (the shell's, set at build time from shared/package.json), whatever webpack's share
 * negotiation would do: the failure page shows a RemoteContractError. See docs/architecture.md#remote-contract.
 */
export function remoteContractPlugin(
  hostVersion: string = __CONTRACT_VERSION__,
): ModuleFederationRuntimePlugin {
  return {
    name: 'medora-remote-contract',
    afterLoadManifest({ manifestUrl, manifestJson, moduleInfo, error, origin }) {
      // A manifest that failed to load or is malformed has its own error.
      if (error || !manifestJson) return;
      const remoteVersion = manifestContractVersion(manifestJson);
      if (isCompatibleContract(hostVersion, remoteVersion)) return;
      // The runtime keeps each manifest load's promise by URL: forget the refused one, so that Retry
      // fetches the manifest again (the remote may have been redeployed since).
      delete origin.snapshotHandler.manifestLoading[manifestUrl];
      throw new RemoteContractError(remoteNameOf(moduleInfo.name), hostVersion, remoteVersion);
    },
  };
}
