import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@medora/shared/query';
import { authStore, type Role, type SessionProfile } from '@medora/shared';
import { RoleCardNotice } from './role-card-notice';
import { LoginPage } from './login-page';

// Firebase and the API are not under test: signing in succeeds and the server says who the account is.
jest.mock('../api/auth-service', () => ({
  signIn: jest.fn(() => Promise.resolve({ emailVerified: true })),
  signUp: jest.fn(),
}));
const ensureRegistered = jest.fn<Promise<SessionProfile>, [string]>();
jest.mock('../api/session', () => ({
  ensureRegistered: (role: string) => ensureRegistered(role),
  lookupDoctor: jest.fn(),
  lookupPatient: jest.fn(() => Promise.resolve('found')),
}));

function account(role: Role): SessionProfile {
  return {
    uid: 'u1',
    email: 'someone@example.test',
    role,
    emailVerified: true,
    registered: true,
    access: { admin: role === 'admin', providerDashboard: role === 'doctor' || role === 'provider' },
  };
}

/** The login page and each destination (a heading naming its path), under the shell's notice as in the layout. */
function renderLogin() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/patient-login']}>
        <RoleCardNotice />
        <Routes>
          <Route path="/patient-login" element={<LoginPage />} />
          {['/dashboard', '/provider-dashboard', '/admin'].map((path) => (
            <Route key={path} path={path} element={<h1>{path}</h1>} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function signInWith(card: string) {
  fireEvent.click(screen.getByLabelText(card));
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'someone@example.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  act(() => authStore.setState({ status: 'signed-out', user: null, profile: null }));
  ensureRegistered.mockReset();
});

describe('signing in at a role card', () => {
  it('sends a doctor who picked Patient to their dashboard, and that screen says why', async () => {
    ensureRegistered.mockResolvedValue(account('doctor'));
    renderLogin();
    await signInWith('Patient');
    expect(await screen.findByRole('heading', { name: '/provider-dashboard' })).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'About your sign-in' });
    expect(notice.textContent).toContain(
      'You chose “Patient”, but this is a doctor account, so Medora opened your doctor pages.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'About your sign-in' })).toBeNull();
  });

  it('sends a patient who picked Doctor/Admin to the patient dashboard, in words', async () => {
    ensureRegistered.mockResolvedValue(account('patient'));
    renderLogin();
    await signInWith('Doctor/Admin');
    expect(await screen.findByRole('heading', { name: '/dashboard' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'About your sign-in' }).textContent).toContain(
      'this is a patient account',
    );
  });

  it.each([
    ['admin', 'Doctor/Admin', '/admin'],
    ['doctor', 'Doctor/Admin', '/provider-dashboard'],
    ['provider', 'Healthcare Provider', '/provider-dashboard'],
    ['patient', 'Patient', '/dashboard'],
  ] as const)('says nothing when an account of role %s signs in at %s', async (role, card, path) => {
    ensureRegistered.mockResolvedValue(account(role));
    renderLogin();
    await signInWith(card);
    expect(await screen.findByRole('heading', { name: path })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'About your sign-in' })).toBeNull();
  });
});
