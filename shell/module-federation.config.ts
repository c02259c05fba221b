import { createSharedConfig, type FederationConfig } from '../scripts/lib/webpack-config';

/** The host: no remotes at build time, they are registered at run time from /runtime-config.json. */
const federation: FederationConfig = {
  name: 'shell',
  shared: createSharedConfig(__dirname),
};

export default federation;
