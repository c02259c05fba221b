import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import LandingPage from './landing-page';

describe('LandingPage', () => {
  it('shows the Medora heading and links Login and Get Started to the patient login', () => {
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Medora' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/patient-login');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/patient-login');
  });
});
