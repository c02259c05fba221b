import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import BookingPage from './booking-page';

describe('BookingPage', () => {
  it('shows the booking heading and the build id of this remote', () => {
    render(
      <MemoryRouter>
        <BookingPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Book an appointment' })).toBeTruthy();
    expect(screen.getByTestId('build-id').textContent).toBe('test-build');
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/dashboard');
  });
});
