import { createSharedConfig, type FederationConfig } from '../scripts/lib/webpack-config';

/** What this remote exposes (route elements, default-exported) and shares. */
const federation: FederationConfig = {
  name: 'mfe_booking',
  filename: 'remoteEntry.js',
  exposes: {
    './BookingPage': './src/app/booking-page.tsx',
    './BookingFlow': './src/app/booking-flow.tsx',
  },
  shared: createSharedConfig(__dirname),
};

export default federation;
