import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationKeys } from '@medora/shared/query';
import { renderWithQuery } from '../../test-utils/render-with-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  api,
  authStore,
  MESSAGES,
  toastStore,
  type AppNotification,
  type MeAccess,
  type Role,
} from '@medora/shared';
import { AccountHeader } from './account-header';

const note = (i: number, read = false): AppNotification => ({
  id: `system:n${i}`,
  type: (['appointment', 'document', 'reminder', 'system'] as const)[i % 4]!,
  title: `Title ${i}`,
  message: `Message ${i}`,
  createdAt: new Date(2026, 0, i + 1).toISOString(),
  read,
});

const location = { pathname: '' };
function LocationProbe() {
  location.pathname = useLocation().pathname;
  return null;
}

// A declarative router: jsdom has no fetch Request, which data-router navigations need.
async function renderHeader(at = '/form') {
  const { client } = renderWithQuery(
    <MemoryRouter initialEntries={[at]}>
      <LocationProbe />
      <Routes>
        <Route path={at} element={<AccountHeader />} />
        {at !== '/dashboard' && <Route path="/dashboard" element={<h1>dashboard</h1>} />}
        {at !== '/admin' && <Route path="/admin" element={<h1>admin desk</h1>} />}
        {at !== '/provider-dashboard' && (
          <Route path="/provider-dashboard" element={<h1>provider dashboard</h1>} />
        )}
        {at !== '/settings' && <Route path="/settings" element={<h1>settings</h1>} />}
        <Route path="/" element={<h1>landing</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  // The notifications load once on mount: wait until the query has settled (success or error).
  await screen.findByRole('button', { name: /^Notifications/ });
  await waitFor(() => expect(client.isFetching()).toBe(0));
  return { state: { location }, client };
}

const signOut = jest.fn(async () => {
  authStore.getState().setUser(null);
});

beforeEach(() => {
  let items = [note(0), note(1), note(2, true), note(3), note(4, true)];
  jest.spyOn(api, 'notifications').mockResolvedValue({ items, nextCursor: null, unread: 3 });
  jest.spyOn(api, 'markNotificationsRead').mockImplementation(async (ids) => {
    items = items.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n));
    return { items, nextCursor: null, unread: items.filter((n) => !n.read).length };
  });
  act(() => {
    authStore.getState().setAuthFunctions({ getIdToken: async () => 't', signOut });
    authStore.getState().setUser({ uid: 'u1', email: 'pat@example.test', emailVerified: true });
    authStore.getState().setProfile({
      uid: 'u1',
      email: 'pat@example.test',
      role: 'patient',
      emailVerified: true,
      registered: true,
      access: { admin: false, providerDashboard: false },
    });
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  act(() => toastStore.setState({ toasts: [] }));
});

describe('the account header bar (patient)', () => {
  it('updates the bell without a reload when a remote invalidates the notifications', async () => {
    const { client } = await renderHeader();
    expect(screen.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')).toMatch(/3/);
    jest.spyOn(api, 'notifications').mockResolvedValue({
      items: [note(5), note(0), note(1), note(2, true), note(3)],
      nextCursor: null,
      unread: 4,
    });
    // What a booking or cancel in mfe-booking / mfe-patient does after it succeeds.
    await act(() => client.invalidateQueries({ queryKey: notificationKeys.all }));
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('4');
  });

  it('names the account button with the e-mail it shows (axe label-content-name-mismatch)', async () => {
    await renderHeader();
    const button = screen.getByRole('button', { name: 'pat@example.test, account menu' });
    expect(button.textContent).toContain('pat@example.test');
  });

  it('draws notification icons as SVG, not emoji', async () => {
    await renderHeader();
    fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const items = within(screen.getByRole('region', { name: 'Notifications' })).getAllByRole('listitem');
    for (const item of items) {
      expect(item.querySelector('svg')).not.toBeNull();
      expect(item.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it('says so in the panel when the notifications cannot be loaded', async () => {
    jest.spyOn(api, 'notifications').mockRejectedValue(new Error('offline'));
    await renderHeader();
    fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(screen.getByRole('alert').textContent).toBe('Could not load notifications: offline');
  });

  it('links the logo to /dashboard', async () => {
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Medora' }).getAttribute('href')).toBe('/dashboard');
  });

  it('opens the account menu with the email, Patient Account, Dashboard, Settings and Logout', async () => {
    await renderHeader();
    const button = screen.getByRole('button', { name: 'pat@example.test, account menu' });
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('pat@example.test')).toBeTruthy();
    expect(within(menu).getByText(MESSAGES.patientAccount)).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Dashboard', 'Settings', 'Logout']);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  // Settings opens the settings page instead of a 'coming soon' toast.
  it('Settings goes to /settings', async () => {
    const router = await renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'pat@example.test, account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
    expect(toastStore.getState().toasts).toEqual([]);
  });

  it('Dashboard goes to /dashboard', async () => {
    const router = await renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'pat@example.test, account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Logout signs out and goes to /', async () => {
    const router = await renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'pat@example.test, account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'landing' })).toBeTruthy();
    expect(signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('the bell shows the unread count, a dropdown that expands and collapses, and marks read', async () => {
    await renderHeader();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(screen.getByTestId('unread-badge').textContent).toBe('3');
    fireEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(within(panel).getByRole('button', { name: 'Show all (5)' }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(within(panel).getByRole('button', { name: 'Show less' }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);

    fireEvent.click(within(panel).getByRole('button', { name: 'Title 0: Mark as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(api.markNotificationsRead).toHaveBeenLastCalledWith(['system:n1', 'system:n3']);
  });
});

// Doctors, providers and admins get the same frame, with their own role and dashboard.
describe('the account header of the staff', () => {
  const staff = (role: Role, access: MeAccess) =>
    act(() =>
      authStore.getState().setProfile({
        uid: 'u1',
        email: 'pat@example.test',
        role,
        emailVerified: true,
        registered: true,
        access,
      }),
    );

  it.each([
    ['patient', { admin: false, providerDashboard: false }, 'Patient Account', '/dashboard', 'dashboard'],
    [
      'doctor',
      { admin: false, providerDashboard: true },
      'Doctor',
      '/provider-dashboard',
      'provider dashboard',
    ],
    [
      'provider',
      { admin: false, providerDashboard: true },
      'Healthcare Provider',
      '/provider-dashboard',
      'provider dashboard',
    ],
    ['admin', { admin: true, providerDashboard: false }, 'Admin', '/admin', 'admin desk'],
  ] as const)(
    'names a %s account by its role and leads Dashboard and the logo to its own dashboard',
    async (role, access, label, path, heading) => {
      staff(role, access);
      const router = await renderHeader('/settings');
      expect(screen.getByRole('link', { name: 'Medora' }).getAttribute('href')).toBe(path);
      fireEvent.click(screen.getByRole('button', { name: 'pat@example.test, account menu' }));
      expect(within(screen.getByRole('menu')).getByTestId('account-role').textContent).toBe(label);
      fireEvent.click(screen.getByRole('menuitem', { name: 'Dashboard' }));
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('shows the bell with the account’s own notifications to an admin', async () => {
    staff('admin', { admin: true, providerDashboard: false });
    await renderHeader('/settings');
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(api.notifications).toHaveBeenCalled();
  });
});
