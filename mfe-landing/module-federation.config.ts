import { createSharedConfig, type FederationConfig } from '../scripts/lib/webpack-config';

/** What this remote exposes (route elements, default-exported) and shares. */
const federation: FederationConfig = {
  name: 'mfe_landing',
  filename: 'remoteEntry.js',
  exposes: {
    './LandingPage': './src/app/landing-page.tsx',
  },
  shared: createSharedConfig(__dirname),
};

export default federation;
