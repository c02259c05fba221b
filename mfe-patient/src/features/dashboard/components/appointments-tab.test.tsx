import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MESSAGES, api, type Appointment } from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { AppointmentsTab } from './appointments-tab';

const upcoming: Appointment = {
  id: 'a1',
  uid: 'p1',
  date: '2099-11-27 at 11:30 AM',
  doctor: 'Dr. Sarah Johnson',
  doctorId: 'd1',
  clinic: 'Heart Center',
  specialty: 'Cardiology',
  notes: 'Checkup',
  prescriptionUrl: null,
  bookedAt: '2099-01-01T00:00:00.000Z',
  status: 'Scheduled',
  startsAt: '2099-11-27T17:30:00.000Z',
  timeZone: 'America/Chicago',
  rescheduledFrom: '2099-11-26T15:00:00.000Z',
};
const past: Appointment = {
  ...upcoming,
  id: 'a2',
  status: 'Completed',
  startsAt: '2026-01-02T15:00:00.000Z',
  date: '2026-01-02 at 09:00 AM',
  rescheduledFrom: null,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderTab(appointments: Appointment[], sub: 'upcoming' | 'history' = 'upcoming') {
  return renderWithQuery(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route
          path="/dashboard"
          element={
            <AppointmentsTab
              appointments={appointments}
              loading={false}
              error={null}
              onRetry={() => undefined}
              sub={sub}
              onSubChange={() => undefined}
              onBook={() => undefined}
            />
          }
        />
        <Route path="/book-appointment" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AppointmentsTab', () => {
  it('reads dates with weekday and clinic zone, and says where a rescheduled one came from', () => {
    renderTab([upcoming]);
    const item = screen.getByTestId('appointment-item');
    expect(within(item).getByTestId('appointment-when').textContent).toBe('Fri 27 Nov 2099, 11:30 AM CST');
    expect(item.textContent).toContain('Rescheduled from Thu 26 Nov 2099, 9:00 AM CST');
  });

  it('offers "Book Your First Appointment" only to a patient who never had one', () => {
    const { unmount } = renderTab([]);
    expect(screen.getByText(MESSAGES.noAppointments)).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.bookFirstAppointment })).toBeTruthy();
    unmount();
    renderTab([past]);
    expect(screen.getByText(MESSAGES.noUpcomingAppointments)).toBeTruthy();
    expect(screen.queryByRole('button', { name: MESSAGES.bookFirstAppointment })).toBeNull();
    expect(screen.getByRole('button', { name: MESSAGES.bookAnotherAppointment })).toBeTruthy();
  });

  it('opens the booking page in reschedule mode from an upcoming appointment’s details', async () => {
    jest.spyOn(api, 'getAppointment').mockResolvedValue(upcoming);
    renderTab([upcoming]);
    fireEvent.click(screen.getByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(dialog.textContent).toContain('Fri 27 Nov 2099, 11:30 AM CST');
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.rescheduleButton }));
    expect((await screen.findByTestId('where')).textContent).toBe('/book-appointment?reschedule=a1');
  });

  it('offers no reschedule for a past appointment', async () => {
    jest.spyOn(api, 'getAppointment').mockResolvedValue(past);
    renderTab([past], 'history');
    fireEvent.click(screen.getByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).queryByRole('button', { name: MESSAGES.rescheduleButton })).toBeNull();
  });
});
