/**
 * Props of the route elements the remotes expose. The shell's `remotes.d.ts` imports these so its build
 * does not depend on a running remote.
 */
export interface RemotePageProps {
  /** The base path the shell mounted this element under, for links inside the remote. */
  basePath?: string;
}

/** What each remote exposes, by federation request. Kept here so shell and remotes agree. */
export const REMOTE_MODULES = {
  landing: { LandingPage: 'mfe_landing/LandingPage' },
  patient: { IntakePage: 'mfe_patient/IntakePage', DashboardPage: 'mfe_patient/DashboardPage' },
  booking: { BookingPage: 'mfe_booking/BookingPage' },
  provider: {
    DoctorSignupPage: 'mfe_provider/DoctorSignupPage',
    DoctorOnboardingPage: 'mfe_provider/DoctorOnboardingPage',
    ProviderDashboardPage: 'mfe_provider/ProviderDashboardPage',
    AdminDashboardPage: 'mfe_provider/AdminDashboardPage',
  },
} as const;
