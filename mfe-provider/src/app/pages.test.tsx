import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ComponentType } from 'react';
import AdminDashboardPage from './admin-dashboard-page';
import DoctorOnboardingPage from './doctor-onboarding-page';
import DoctorSignupPage from './doctor-signup-page';
import ProviderDashboardPage from './provider-dashboard-page';

function renderAt(Page: ComponentType, url = '/') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Page />
    </MemoryRouter>,
  );
}

describe('provider placeholder pages', () => {
  it('the doctor signup names the Doctor/Admin role by default', () => {
    renderAt(DoctorSignupPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Doctor/Admin sign up' })).toBeTruthy();
  });

  it('the doctor signup names the Healthcare Provider role with ?role=provider', () => {
    renderAt(DoctorSignupPage, '/doctor-signup?role=provider');
    expect(screen.getByRole('heading', { level: 1, name: 'Healthcare Provider sign up' })).toBeTruthy();
  });

  it('the onboarding lists its four steps as cards', () => {
    renderAt(DoctorOnboardingPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Doctor onboarding' })).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(4);
  });

  it('the provider and admin dashboards show Coming Soon cards', () => {
    renderAt(ProviderDashboardPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Provider dashboard' })).toBeTruthy();
    expect(screen.getAllByText('Coming Soon').length).toBeGreaterThan(0);
    renderAt(AdminDashboardPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeTruthy();
  });
});
