import { fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from '../test-utils/render-with-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, authStore } from '@medora/shared';
import BookingPage from './booking-page';

describe('BookingPage', () => {
  beforeEach(() => {
    jest
      .spyOn(api, 'doctorsWithContext')
      .mockResolvedValue({ doctors: [], lastDoctorName: null, totalAppointments: 0 });
    jest.spyOn(api, 'listDoctors').mockResolvedValue([]);
    jest.spyOn(api, 'getPatient').mockRejectedValue(new Error('404'));
    authStore.getState().setUser({ uid: 'u1', email: 'p@test', emailVerified: true });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the booking heading, the build id of this remote, and Cancel goes to /dashboard', async () => {
    renderWithQuery(
      <MemoryRouter initialEntries={['/book-appointment']}>
        <Routes>
          <Route path="/book-appointment" element={<BookingPage />} />
          <Route path="/dashboard" element={<p>dashboard</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Book an appointment' })).toBeTruthy();
    expect(screen.getByTestId('build-id').textContent).toBe('test-build');
    // An empty doctor list falls back to the three sample doctors (spec §7).
    expect(await screen.findByRole('button', { name: /Dr\. Sarah Johnson/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('dashboard')).toBeTruthy();
  });
});
