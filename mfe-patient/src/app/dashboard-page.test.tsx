import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { authStore } from '@medora/shared';
import DashboardPage from './dashboard-page';

function renderPage() {
  return render(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
}

describe('DashboardPage', () => {
  afterEach(() => act(() => authStore.getState().setUser(null)));

  it('says "Not signed in" when the shared auth store has no user', () => {
    act(() => authStore.getState().setUser(null));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Patient dashboard' })).toBeTruthy();
    expect(screen.getByTestId('auth-email').textContent).toBe('Not signed in');
  });

  it('shows the signed-in email from the shared auth store and follows its changes', () => {
    renderPage();
    act(() => authStore.getState().setUser({ uid: 'u1', email: 'pat@example.com', emailVerified: true }));
    expect(screen.getByTestId('auth-email').textContent).toBe('Signed in as pat@example.com');
  });
});
