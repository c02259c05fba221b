import type { RemoteExposePaths } from '@medora/shared';
import { createSharedConfig, type FederationConfig } from '../scripts/lib/webpack-config';

/**
 * What this remote exposes (route elements, default-exported; one per entry of `RemoteModuleProps`,
 * props checked in src/exposes.ts) and shares.
 */
const federation: FederationConfig = {
  name: 'mfe_landing',
  filename: 'remoteEntry.js',
  exposes: {
    './LandingPage': './src/app/landing-page.tsx',
  } satisfies RemoteExposePaths<'landing'>,
  shared: createSharedConfig(__dirname),
};

export default federation;
