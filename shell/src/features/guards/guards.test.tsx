import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { api, authStore, ApiError, MESSAGES, toastStore, type MeAccess, type Role } from '@medora/shared';
import { renderWithQuery } from '../../test-utils/render-with-query';
import { OnboardingGuard, RequireAccess, RequireSignIn } from './require-sign-in';

const location = { pathname: '' };
function LocationProbe() {
  location.pathname = useLocation().pathname;
  return null;
}

// A declarative router: jsdom has no fetch Request, which data-router navigations need. The onboarding
// guard's doctor lookup is a query, so each render gets a fresh QueryClient.
function renderGuarded(path: string, element: React.ReactNode) {
  renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <LocationProbe />
      <Routes>
        <Route path={path} element={element} />
        <Route path="/patient-login" element={<h1>login page</h1>} />
        <Route path="/provider-dashboard" element={<h1>provider dashboard</h1>} />
        <Route path="/dashboard" element={<h1>patient dashboard</h1>} />
        <Route path="/admin" element={<h1>admin desk</h1>} />
        <Route path="/doctor-onboarding" element={<h1>onboarding</h1>} />
        <Route path="/" element={<h1>landing</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { state: { location } };
}

const signIn = (access?: MeAccess, role: Role = 'patient') =>
  act(() => {
    authStore.getState().setUser({ uid: 'u1', email: 'a@b.co', emailVerified: true });
    if (access) {
      authStore.getState().setProfile({
        uid: 'u1',
        email: 'a@b.co',
        role,
        emailVerified: true,
        registered: true,
        access,
      });
    }
  });

afterEach(() => {
  act(() => {
    authStore.setState({ status: 'loading', user: null, profile: null });
    toastStore.setState({ toasts: [] });
  });
  jest.restoreAllMocks();
});

describe('RequireSignIn (patient area)', () => {
  it("shows 'Loading...' while auth starts, then sends a signed-out user to /patient-login", async () => {
    const router = renderGuarded('/dashboard', <RequireSignIn>secret</RequireSignIn>);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.loading);
    act(() => authStore.getState().setUser(null));
    expect(await screen.findByRole('heading', { name: 'login page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/patient-login');
  });

  it('shows the page to a signed-in user', () => {
    signIn();
    renderGuarded('/dashboard', <RequireSignIn>secret page</RequireSignIn>);
    expect(screen.getByText('secret page')).toBeTruthy();
  });
});

describe('RequireAccess (/admin, /provider-dashboard)', () => {
  it('waits for the server’s answer before deciding', () => {
    signIn();
    renderGuarded('/admin', <RequireAccess need="admin">admin page</RequireAccess>);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.loading);
  });

  // A refused account lands on its own dashboard with a message, not on the marketing page.
  it.each([
    ['a patient', 'patient', 'admin', { admin: false, providerDashboard: false }, 'patient dashboard'],
    [
      'an approved doctor',
      'doctor',
      'admin',
      { admin: false, providerDashboard: true },
      'provider dashboard',
    ],
    [
      'a doctor not yet approved',
      'doctor',
      'admin',
      { admin: false, providerDashboard: false },
      'onboarding',
    ],
    ['an admin', 'admin', 'providerDashboard', { admin: true, providerDashboard: false }, 'admin desk'],
    [
      'a patient',
      'patient',
      'providerDashboard',
      { admin: false, providerDashboard: false },
      'patient dashboard',
    ],
  ] as const)(
    'sends %s refused at %s to their own dashboard with a message',
    async (_n, role, need, access, page) => {
      signIn(access, role);
      const router = renderGuarded('/guarded', <RequireAccess need={need}>guarded page</RequireAccess>);
      expect(await screen.findByRole('heading', { name: page })).toBeTruthy();
      expect(router.state.location.pathname).not.toBe('/');
      const text = need === 'admin' ? MESSAGES.accessDeniedAdmin : MESSAGES.accessDeniedProviderDashboard;
      expect(toastStore.getState().toasts.map((t) => t.text)).toEqual([text]);
      expect(screen.queryByText('guarded page')).toBeNull();
    },
  );

  it('sends a signed-out user to /patient-login', async () => {
    act(() => authStore.getState().setUser(null));
    renderGuarded('/provider-dashboard-x', <RequireAccess need="providerDashboard">x</RequireAccess>);
    expect(await screen.findByRole('heading', { name: 'login page' })).toBeTruthy();
  });

  it('shows the page when the server allows it', () => {
    signIn({ admin: false, providerDashboard: true });
    renderGuarded('/pd', <RequireAccess need="providerDashboard">provider page</RequireAccess>);
    expect(screen.getByText('provider page')).toBeTruthy();
  });
});

describe('OnboardingGuard (/doctor-onboarding)', () => {
  it('sends a signed-out user to /patient-login', async () => {
    act(() => authStore.getState().setUser(null));
    renderGuarded('/doctor-onboarding', <OnboardingGuard>onboarding</OnboardingGuard>);
    expect(await screen.findByRole('heading', { name: 'login page' })).toBeTruthy();
  });

  it('shows onboarding when the doctor lookup fails (treated as not onboarded)', async () => {
    jest.spyOn(api, 'getDoctor').mockRejectedValue(new ApiError(404, 'Not found.'));
    signIn();
    renderGuarded('/doctor-onboarding', <OnboardingGuard>onboarding form</OnboardingGuard>);
    expect(await screen.findByText('onboarding form')).toBeTruthy();
  });

  it('sends a completed, approved application to /provider-dashboard', async () => {
    jest.spyOn(api, 'getDoctor').mockResolvedValue({
      exists: true,
      data: { onboardingCompleted: true, verificationStatus: 'approved' },
    });
    signIn();
    renderGuarded('/doctor-onboarding', <OnboardingGuard>onboarding form</OnboardingGuard>);
    expect(await screen.findByRole('heading', { name: 'provider dashboard' })).toBeTruthy();
  });

  it('tells a suspended doctor why instead of the form or a loop to the dashboard', async () => {
    jest.spyOn(api, 'getDoctor').mockResolvedValue({
      exists: true,
      data: {
        onboardingCompleted: true,
        verificationStatus: 'approved',
        suspension: { at: '2026-01-02T15:00:00.000Z', reason: 'Licence under investigation.' },
      },
    });
    signIn({ admin: false, providerDashboard: false }, 'doctor');
    renderGuarded('/doctor-onboarding', <OnboardingGuard>onboarding form</OnboardingGuard>);
    expect(await screen.findByRole('heading', { name: MESSAGES.accountSuspendedTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Your account is suspended: Licence under investigation. Contact support.',
    );
    expect(screen.queryByText('onboarding form')).toBeNull();
    expect(location.pathname).toBe('/doctor-onboarding');
  });
});
