import { createSharedConfig, type FederationConfig } from '../scripts/lib/webpack-config';

/** What this remote exposes (route elements, default-exported) and shares. */
const federation: FederationConfig = {
  name: 'mfe_provider',
  filename: 'remoteEntry.js',
  exposes: {
    './DoctorSignupPage': './src/app/doctor-signup-page.tsx',
    './DoctorOnboardingPage': './src/app/doctor-onboarding-page.tsx',
    './ProviderDashboardPage': './src/app/provider-dashboard-page.tsx',
    './AdminDashboardPage': './src/app/admin-dashboard-page.tsx',
  },
  shared: createSharedConfig(__dirname),
};

export default federation;
