import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation, useRoutes, type RouteObject } from '@medora/shared/router';
import { MAIL_LINK_PATHS, REMOTE_MODULES, type RemotePageRequest, type SignupRole } from '@medora/shared';
import { LoadingStatus } from '../components/loading-status';
import { getAuthInstance } from '../features/auth/api/auth-service';
import { OnboardingGuard, RequireAccess, RequireSignIn } from '../features/guards/require-sign-in';
import { RemoteRoute, type RemoteLoader } from '../features/remotes/remote-route';
import { RootErrorPage } from './error-page';
import { Layout, StartAuthWhenShown } from './layout';
import { NotFoundPage } from './not-found-page';
import { useRuntimeConfig } from '../model/runtime-config';

// Local tools are loaded only through `__LOCAL_TOOLS__ ? import(...)` branches, so a production build
// (MEDORA_TARGET=production, __LOCAL_TOOLS__ false) contains neither the mailbox nor the demo sign-in.
// The auth screens load on demand, so the landing route does not fetch them.
const LoginPage = lazy(() =>
  import('../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
const MailboxPage = __LOCAL_TOOLS__ ? lazy(() => import('../features/local-tools/mailbox-page')) : null;
const SettingsPage = lazy(() => import('../features/settings/components/settings-page'));
// The unsubscribe link of a reminder mail (no sign-in: the signed token is the authority).
const UnsubscribePage = lazy(() => import('../features/unsubscribe/unsubscribe-page'));

function LoginRoute({ initialRole }: { initialRole?: SignupRole }) {
  const config = useRuntimeConfig();
  return (
    <Suspense fallback={<LoadingStatus />}>
      <LoginPage
        initialRole={initialRole}
        localSignIn={
          __LOCAL_TOOLS__ && config.authEmulatorUrl
            ? (username, password) =>
                import('../features/local-tools/demo-session').then(({ signInAsDemo }) =>
                  signInAsDemo(username, password, () => getAuthInstance(config)),
                )
            : undefined
        }
        mailboxPath={__LOCAL_TOOLS__ && config.authEmulatorUrl ? '/dev/mailbox' : undefined}
      />
      <StartAuthWhenShown />
    </Suspense>
  );
}

function MailboxRoute() {
  const config = useRuntimeConfig();
  if (!MailboxPage || !config.authEmulatorUrl) return <NotFoundPage />;
  return (
    <Suspense fallback={<LoadingStatus />}>
      <MailboxPage config={config} getAuth={() => getAuthInstance(config)} />
    </Suspense>
  );
}

/** `/settings`: the signed-in account's settings, for every role. */
function SettingsRoute() {
  const config = useRuntimeConfig();
  return (
    <RequireSignIn>
      <Suspense fallback={<LoadingStatus />}>
        <SettingsPage
          getAuth={() => getAuthInstance(config)}
          mailboxPath={__LOCAL_TOOLS__ && config.authEmulatorUrl ? '/dev/mailbox' : undefined}
        />
      </Suspense>
    </RequireSignIn>
  );
}

/** The route table (docs/product.md#screens); each remote page is loaded at run time through RemoteRoute. */
export function createRoutes(options: { loader?: RemoteLoader } = {}): RouteObject[] {
  const remote = (request: RemotePageRequest) => (
    <RemoteRoute key={request} request={request} loader={options.loader} />
  );
  // A signed-in page starts Firebase Auth once it has shown, if the layout has not: a dashboard drawn
  // from the stored session leaves it to the page (resume-session.ts).
  const account = (request: RemotePageRequest) => (
    <RemoteRoute
      key={request}
      request={request}
      loader={options.loader}
      afterShown={<StartAuthWhenShown />}
    />
  );
  const signedIn = (request: RemotePageRequest) => <RequireSignIn>{account(request)}</RequireSignIn>;
  const { landing, patient, booking, provider } = REMOTE_MODULES;
  return [
    {
      path: '/',
      element: <Layout />,
      children: [
        { index: true, element: remote(landing.LandingPage) },
        { path: 'patient-login', element: <LoginRoute /> },
        { path: 'provider-login', element: <LoginRoute initialRole="provider" /> },
        { path: 'dashboard', element: signedIn(patient.DashboardPage) },
        { path: 'form', element: signedIn(patient.IntakePage) },
        { path: 'book-appointment', element: signedIn(booking.BookingPage) },
        { path: 'settings', element: <SettingsRoute /> },
        {
          path: MAIL_LINK_PATHS.unsubscribe.slice(1),
          element: (
            <Suspense fallback={<LoadingStatus />}>
              <UnsubscribePage />
            </Suspense>
          ),
        },
        { path: 'doctor-signup', element: remote(provider.DoctorSignupPage) },
        {
          path: 'doctor-onboarding',
          element: <OnboardingGuard>{account(provider.DoctorOnboardingPage)}</OnboardingGuard>,
        },
        {
          path: 'provider-dashboard',
          element: (
            <RequireAccess need="providerDashboard">{account(provider.ProviderDashboardPage)}</RequireAccess>
          ),
        },
        {
          path: 'admin',
          element: <RequireAccess need="admin">{account(provider.AdminDashboardPage)}</RequireAccess>,
        },
        ...(__LOCAL_TOOLS__ ? [{ path: 'dev/mailbox', element: <MailboxRoute /> }] : []),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The route table, rendered from the location inside the router (declarative routing: the router
 * facade leaves out react-router's data router, @medora/shared/router). A render error below shows
 * RootErrorPage in place of the whole page, as a data router's `errorElement` did; the next
 * navigation tries again.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]} fallbackRender={({ error }) => <RootErrorPage error={error} />}>
      <RouteTable routes={routes} />
    </ErrorBoundary>
  );
}
