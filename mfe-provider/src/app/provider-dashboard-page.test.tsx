import { screen, within } from '@testing-library/react';
import { api, type ProviderAppointment, type RemotePageProps } from '@medora/shared';
import { renderWithQuery } from '../test-utils/render-with-query';
import ProviderDashboardPage from './provider-dashboard-page';

const appointment = (id: string, name: string, startsAt: string): ProviderAppointment => ({
  id,
  date: '',
  startsAt,
  status: 'Scheduled',
  notes: '',
  prescriptionUrl: null,
  patient: { uid: id, name, email: null, summary: null, intake: null },
  closedAt: null,
  timeZone: 'America/Chicago',
});

afterEach(() => jest.restoreAllMocks());

describe('provider dashboard: the doctor’s day (issue 16 §4)', () => {
  it('lists upcoming appointments under a heading per clinic day', async () => {
    jest.spyOn(api, 'providerOverview').mockResolvedValue({} as never);
    jest
      .spyOn(api, 'providerSchedule')
      .mockResolvedValue({ availableDays: [], timeSlots: {}, timeZone: 'UTC', outsideSchedule: [] });
    jest.spyOn(api, 'providerAppointments').mockResolvedValue([
      appointment('a', 'Ann', '2099-11-27T15:00:00.000Z'),
      // 11:30 PM in Chicago: still Friday at the clinic, Saturday in UTC.
      appointment('b', 'Ben', '2099-11-28T05:30:00.000Z'),
      appointment('c', 'Cy', '2099-11-28T16:00:00.000Z'),
    ]);
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    const friday = await screen.findByRole('region', { name: 'Appointments on Fri 27 Nov' });
    expect(within(friday).getByRole('heading', { level: 3 }).textContent).toBe('Fri 27 Nov · 2 appointments');
    expect(
      within(friday)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Ann', 'Ben']);
    const saturday = screen.getByRole('region', { name: 'Appointments on Sat 28 Nov' });
    expect(within(saturday).getByRole('heading', { level: 3 }).textContent).toBe(
      'Sat 28 Nov · 1 appointment',
    );
  });

  it('lists bookings outside the schedule with readable dates in the clinic zone', async () => {
    jest.spyOn(api, 'providerOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'providerSchedule').mockResolvedValue({
      availableDays: [],
      timeSlots: {},
      timeZone: 'America/Chicago',
      outsideSchedule: [{ id: 'o1', date: '2099-11-27 at 09:00 AM', patientUid: 'p1' }],
    });
    jest.spyOn(api, 'providerAppointments').mockResolvedValue([]);
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    expect(await screen.findByText('Fri 27 Nov 2099, 9:00 AM CST')).toBeTruthy();
  });
});
