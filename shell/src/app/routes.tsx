import type { RouteObject } from 'react-router-dom';
import { REMOTE_MODULES } from '@medora/shared';
import { LoginPage } from '../features/auth/components/login-page';
import { RemoteRoute, type RemoteLoader } from '../features/remotes/remote-route';
import { RootErrorPage } from './error-page';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

/** The route table of spec §2; each remote page is loaded at run time through RemoteRoute. */
export function createRoutes(options: { loader?: RemoteLoader } = {}): RouteObject[] {
  const remote = (request: string) => <RemoteRoute key={request} request={request} loader={options.loader} />;
  const { landing, patient, booking, provider } = REMOTE_MODULES;
  return [
    {
      path: '/',
      element: <Layout />,
      errorElement: <RootErrorPage />,
      children: [
        { index: true, element: remote(landing.LandingPage) },
        { path: 'patient-login', element: <LoginPage title="Patient login" /> },
        { path: 'provider-login', element: <LoginPage title="Provider login" /> },
        { path: 'dashboard', element: remote(patient.DashboardPage) },
        { path: 'form', element: remote(patient.IntakePage) },
        { path: 'book-appointment', element: remote(booking.BookingPage) },
        { path: 'doctor-signup', element: remote(provider.DoctorSignupPage) },
        { path: 'doctor-onboarding', element: remote(provider.DoctorOnboardingPage) },
        { path: 'provider-dashboard', element: remote(provider.ProviderDashboardPage) },
        { path: 'admin', element: remote(provider.AdminDashboardPage) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
