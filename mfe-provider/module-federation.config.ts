import type { RemoteExposePaths } from '@medora/shared';
import { createSharedConfig, type FederationConfig } from '../scripts/lib/webpack-config';

/**
 * What this remote exposes (route elements, default-exported; one per entry of `RemoteModuleProps`,
 * props checked in src/exposes.ts) and shares.
 */
const federation: FederationConfig = {
  name: 'mfe_provider',
  filename: 'remoteEntry.js',
  exposes: {
    './DoctorSignupPage': './src/app/doctor-signup-page.tsx',
    './DoctorOnboardingPage': './src/app/doctor-onboarding-page.tsx',
    './ProviderDashboardPage': './src/app/provider-dashboard-page.tsx',
    './AdminDashboardPage': './src/app/admin-dashboard-page.tsx',
  } satisfies RemoteExposePaths<'provider'>,
  shared: createSharedConfig(__dirname),
};

export default federation;
