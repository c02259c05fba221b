import type { CheckedExposes } from '@medora/shared';
import type AdminDashboardPage from './app/admin-dashboard-page';
import type DoctorOnboardingPage from './app/doctor-onboarding-page';
import type DoctorSignupPage from './app/doctor-signup-page';
import type ProviderDashboardPage from './app/provider-dashboard-page';

/**
 * The default exports module-federation.config.ts exposes, checked against the props
 * `RemoteModuleProps` in @medora/shared gives them: a component and the map that disagree fail
 * `tsc -b` (docs/architecture.md#remote-contract). Types only; nothing imports this at run time.
 */
export type ProviderExposes = CheckedExposes<
  'provider',
  {
    DoctorSignupPage: typeof DoctorSignupPage;
    DoctorOnboardingPage: typeof DoctorOnboardingPage;
    ProviderDashboardPage: typeof ProviderDashboardPage;
    AdminDashboardPage: typeof AdminDashboardPage;
  }
>;
