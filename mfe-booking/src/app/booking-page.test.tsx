import { fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from '../test-utils/render-with-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, authStore } from '@medora/shared';
import BookingPage from './booking-page';

describe('BookingPage', () => {
  beforeEach(() => {
    jest
      .spyOn(api, 'doctorsWithContext')
      .mockResolvedValue({ doctors: [], lastDoctorName: null, totalAppointments: 0, nextCursor: null });
    jest.spyOn(api, 'listDoctors').mockResolvedValue([]);
    jest.spyOn(api, 'getPatient').mockRejectedValue(new Error('404'));
    authStore.getState().setUser({ uid: 'u1', email: 'p@test', emailVerified: true });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the booking heading, keeps the build id of this remote off screen, and Cancel goes to /dashboard', async () => {
    renderWithQuery(
      <MemoryRouter initialEntries={['/book-appointment']}>
        <Routes>
          <Route path="/book-appointment" element={<BookingPage />} />
          <Route path="/dashboard" element={<p>dashboard</p>} />
        </Routes>
      </MemoryRouter>,
    );
    // Focus starts at the page's heading (arriving from another page), not on the page body.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Book an appointment' }));
    // No 'Build: …' line for patients; the id stays on the page for support.
    expect(screen.getByRole('main').getAttribute('data-build-id')).toBe('test-build');
    expect(screen.queryByText(/Build:/)).toBeNull();
    // An empty doctor list falls back to the three sample doctors.
    expect(await screen.findByRole('button', { name: /Dr\. Sarah Johnson/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('dashboard')).toBeTruthy();
  });
});
