import type { RemoteExposePaths } from '@medora/shared';
import { createSharedConfig, type FederationConfig } from '../scripts/lib/webpack-config';

/**
 * What this remote exposes (route elements, default-exported; one per entry of `RemoteModuleProps`,
 * props checked in src/exposes.ts) and shares.
 */
const federation: FederationConfig = {
  name: 'mfe_booking',
  filename: 'remoteEntry.js',
  exposes: {
    './BookingPage': './src/app/booking-page.tsx',
    './BookingFlow': './src/app/booking-flow.tsx',
  } satisfies RemoteExposePaths<'booking'>,
  shared: createSharedConfig(__dirname),
};

export default federation;
