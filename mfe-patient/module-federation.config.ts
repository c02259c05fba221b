import type { RemoteExposePaths } from '@medora/shared';
import { createSharedConfig, type FederationConfig } from '../scripts/lib/webpack-config';

/**
 * What this remote exposes (route elements, default-exported; one per entry of `RemoteModuleProps`,
 * props checked in src/exposes.ts) and shares.
 */
const federation: FederationConfig = {
  name: 'mfe_patient',
  filename: 'remoteEntry.js',
  exposes: {
    './DashboardPage': './src/app/dashboard-page.tsx',
    './IntakePage': './src/app/intake-page.tsx',
  } satisfies RemoteExposePaths<'patient'>,
  shared: createSharedConfig(__dirname),
};

export default federation;
