import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import IntakePage from './intake-page';

describe('IntakePage', () => {
  it('shows the intake placeholder with a link back to the dashboard', () => {
    render(
      <MemoryRouter>
        <IntakePage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Patient intake' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
