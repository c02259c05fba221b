import { createSharedConfig, type FederationConfig } from '../scripts/lib/webpack-config';

/** What this remote exposes (route elements, default-exported) and shares. */
const federation: FederationConfig = {
  name: 'mfe_patient',
  filename: 'remoteEntry.js',
  exposes: {
    './DashboardPage': './src/app/dashboard-page.tsx',
    './IntakePage': './src/app/intake-page.tsx',
  },
  shared: createSharedConfig(__dirname),
};

export default federation;
