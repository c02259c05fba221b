import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createRoutes } from './routes';
import type { RemoteLoader } from '../features/remotes/remote-route';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
// Keep Firebase out of unit tests: the layout starts it after the first render.
jest.mock('../features/auth/firebase', () => ({ startFirebaseAuth: jest.fn() }));

function Thrower(): never {
  throw new Error('route exploded');
}

const loader: RemoteLoader = async (request) => ({
  default: () => <h1>{`remote ${request}`}</h1>,
});

function renderAt(url: string, routes: RouteObject[] = createRoutes({ loader })) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

describe('shell routes', () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errorSpy.mockRestore());

  it.each([
    ['/', 'mfe_landing/LandingPage'],
    ['/dashboard', 'mfe_patient/DashboardPage'],
    ['/form', 'mfe_patient/IntakePage'],
    ['/book-appointment', 'mfe_booking/BookingPage'],
    ['/doctor-signup', 'mfe_provider/DoctorSignupPage'],
    ['/doctor-onboarding', 'mfe_provider/DoctorOnboardingPage'],
    ['/provider-dashboard', 'mfe_provider/ProviderDashboardPage'],
    ['/admin', 'mfe_provider/AdminDashboardPage'],
  ])('%s mounts the remote page %s under the header', async (url, request) => {
    renderAt(url);
    expect(await screen.findByRole('heading', { name: `remote ${request}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Medora' }).getAttribute('href')).toBe('/');
  });

  it('/patient-login shows the login form with labelled inputs', async () => {
    renderAt('/patient-login');
    expect(await screen.findByRole('heading', { name: 'Patient login' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('an unknown path shows the not-found page', async () => {
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('a route that throws shows Unexpected Application Error! with the message in local mode', async () => {
    const routes = createRoutes({ loader });
    routes[0]!.children!.push({ path: 'boom', element: <Thrower /> });
    renderAt('/boom', routes);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('route exploded')).toBeTruthy();
  });
});
