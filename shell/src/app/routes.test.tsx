import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@medora/shared/query';
import {
  authStore,
  MAIL_LINK_PATHS,
  MESSAGES,
  SIGNED_IN_PAGE_PATHS,
  type SessionProfile,
} from '@medora/shared';
import { AppRoutes, createRoutes } from './routes';
import type { RemoteLoader, RemoteModule } from '../features/remotes/remote-route';
import { startFirebaseAuth } from '../features/auth/firebase';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
// Keep Firebase out of unit tests: the layout starts it after the first render.
jest.mock('../features/auth/firebase', () => ({ startFirebaseAuth: jest.fn() }));
// GET /api/me, the notifications and the doctor lookup are not under test here.
jest.mock('../features/auth/api/session', () => ({
  ...jest.requireActual('../features/auth/api/session'),
  fetchSession: jest.fn(() => new Promise(() => undefined)),
}));
jest.mock('../features/header/use-notifications', () => ({
  useNotifications: () => ({ items: [], unread: 0, markRead: jest.fn() }),
}));

function Thrower(): never {
  throw new Error('route exploded');
}

const loader: RemoteLoader = async (request) => ({
  default: () => <h1>{`remote ${request}`}</h1>,
});

function renderAt(url: string, routes: RouteObject[] = createRoutes({ loader })) {
  // The layout's session sync is a query of the page's QueryClient.
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function signIn(access: SessionProfile['access'] = { admin: false, providerDashboard: false }) {
  act(() => {
    authStore.getState().setUser({ uid: 'u1', email: 'pat@example.test', emailVerified: true });
    authStore.getState().setProfile({
      uid: 'u1',
      email: 'pat@example.test',
      role: access.admin ? 'admin' : 'patient',
      emailVerified: true,
      registered: true,
      access,
    });
  });
}

describe('shell routes', () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    errorSpy.mockRestore();
    act(() => authStore.setState({ status: 'loading', user: null, profile: null, provisional: false }));
  });

  // A dashboard resumed from the stored session draws before Firebase Auth has loaded (LCP).
  it.each([
    ['/dashboard', 'mfe_patient/DashboardPage'],
    ['/provider-dashboard', 'mfe_provider/ProviderDashboardPage'],
  ])(
    '%s resumed from the stored session starts Firebase Auth only once %s has shown',
    async (url, request) => {
      const started = jest.mocked(startFirebaseAuth);
      started.mockClear();
      let show: (module: RemoteModule) => void = () => undefined;
      const page = new Promise<RemoteModule>((resolve) => (show = resolve));
      act(() => {
        const user = { uid: 'u1', email: 'doc@example.test', emailVerified: true };
        authStore.getState().resumeSession(user, {
          getIdToken: async () => 'stored',
          signOut: async () => undefined,
        });
        // GET /api/me, answered early with the stored token.
        authStore.getState().setProfile({
          ...user,
          role: 'provider',
          registered: true,
          access: { admin: false, providerDashboard: true },
        });
      });
      renderAt(url, createRoutes({ loader: () => page }));
      // Nothing drawn yet: the page's code is still on its way.
      expect(await screen.findByText(MESSAGES.loading)).toBeTruthy();
      expect(started).not.toHaveBeenCalled();
      await act(async () => show({ default: () => <h1>{`remote ${request}`}</h1> }));
      expect(await screen.findByRole('heading', { name: `remote ${request}` })).toBeTruthy();
      await waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    },
  );

  it('/ mounts the landing remote with no shell header (the landing page has its own)', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'remote mfe_landing/LandingPage' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it.each([
    ['/dashboard', 'mfe_patient/DashboardPage'],
    ['/form', 'mfe_patient/IntakePage'],
    ['/book-appointment', 'mfe_booking/BookingPage'],
  ])('%s mounts %s under the patient header bar when signed in', async (url, request) => {
    signIn();
    renderAt(url);
    expect(await screen.findByRole('heading', { name: `remote ${request}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Medora' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('button', { name: /, account menu$/ })).toBeTruthy();
  });

  it('/doctor-signup mounts mfe_provider/DoctorSignupPage under the simple header', async () => {
    signIn({ admin: true, providerDashboard: true });
    renderAt('/doctor-signup');
    expect(await screen.findByRole('heading', { name: 'remote mfe_provider/DoctorSignupPage' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Medora' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /, account menu$/ })).toBeNull();
  });

  // The staff pages carry the same header as the patient's (bell, account menu).
  it.each([
    ['/provider-dashboard', 'mfe_provider/ProviderDashboardPage'],
    ['/admin', 'mfe_provider/AdminDashboardPage'],
  ])('%s mounts %s under the account header when allowed', async (url, request) => {
    signIn({ admin: true, providerDashboard: true });
    renderAt(url);
    expect(await screen.findByRole('heading', { name: `remote ${request}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Medora' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('button', { name: /, account menu$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Notifications/ })).toBeTruthy();
  });

  it('/patient-login shows the role choice and the labelled login form', async () => {
    act(() => authStore.getState().setUser(null));
    renderAt('/patient-login');
    expect(await screen.findByRole('heading', { name: 'Welcome to Medora' })).toBeTruthy();
    expect((screen.getByLabelText('Patient') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('/provider-login preselects Healthcare Provider', async () => {
    act(() => authStore.getState().setUser(null));
    renderAt('/provider-login');
    expect(((await screen.findByLabelText('Healthcare Provider')) as HTMLInputElement).checked).toBe(true);
  });

  it('the not-found page offers an admin the admin desk', async () => {
    signIn({ admin: true, providerDashboard: false });
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/admin');
  });

  it.each([
    ['Healthcare Provider', 'provider', 'Healthcare Provider sign up'],
    ['Doctor/Admin', 'doctor', 'Doctor sign up'],
  ])('the login page links the %s choice to /doctor-signup', async (label, role, link) => {
    act(() => authStore.getState().setUser(null));
    renderAt('/patient-login');
    expect(screen.queryByTestId('doctor-signup-prompt')).toBeNull();
    fireEvent.click(await screen.findByLabelText(label));
    const prompt = screen.getByTestId('doctor-signup-prompt');
    expect(within(prompt).getByRole('link', { name: link }).getAttribute('href')).toBe(
      `/doctor-signup?role=${role}`,
    );
    expect(prompt.textContent).toContain(MESSAGES.doctorSignupVerifyFirst);
  });

  it('an unknown path shows the not-found page with a way home', async () => {
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).toBeNull();
  });

  it('the not-found page offers a signed-in patient the dashboard', async () => {
    signIn();
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('a route that throws shows Unexpected Application Error! with the message in local mode', async () => {
    const routes = createRoutes({ loader });
    routes[0]!.children!.push({ path: 'boom', element: <Thrower /> });
    renderAt('/boom', routes);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('route exploded')).toBeTruthy();
  });
});

describe('the route table and robots.txt', () => {
  /** Pages anyone may open: the landing page, sign-in and sign-up, a mail link's page, the 404. */
  const PUBLIC = ['/', '/patient-login', '/provider-login', '/doctor-signup', MAIL_LINK_PATHS.unsubscribe];
  const LOCAL_ONLY = ['/dev/mailbox'];

  it('names every page as public or signed-in, so robots.txt keeps search engines off the signed-in ones', () => {
    const paths: string[] = [];
    const walk = (routes: RouteObject[], base: string) => {
      for (const r of routes) {
        const here = r.path === undefined ? base : r.path.startsWith('/') ? r.path : `${base}${r.path}`;
        if (r.path !== undefined && r.path !== '*') paths.push(here);
        if (r.children) walk(r.children, here.endsWith('/') ? here : `${here}/`);
      }
    };
    walk(createRoutes({ loader }), '');
    const unknown = paths.filter(
      (p) =>
        !PUBLIC.includes(p) &&
        !LOCAL_ONLY.includes(p) &&
        !(SIGNED_IN_PAGE_PATHS as readonly string[]).includes(p),
    );
    expect(unknown).toEqual([]);
    // And nothing in the list is a page that does not exist.
    expect(SIGNED_IN_PAGE_PATHS.filter((p) => !paths.includes(p))).toEqual([]);
  });
});
