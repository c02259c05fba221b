import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MESSAGES,
  api,
  type ProviderAppointment,
  type ProviderAppointmentsPage,
  type RemotePageProps,
} from '@medora/shared';
import { renderWithQuery } from '../test-utils/render-with-query';
import ProviderDashboardPage from './provider-dashboard-page';

const appointment = (id: string, name: string, startsAt: string): ProviderAppointment => ({
  id,
  date: '',
  startsAt,
  status: 'Scheduled',
  notes: '',
  prescriptionUrl: null,
  patient: { uid: id, name, email: null, headline: null },
  closedAt: null,
  timeZone: 'America/Chicago',
});

/** A page of the default window (Fri 27 Nov 2099 and the next 7 days). */
const page = (items: ProviderAppointment[], over: Partial<ProviderAppointmentsPage> = {}) => ({
  items,
  nextCursor: null,
  from: '2099-11-27',
  to: '2099-12-04',
  timeZone: 'America/Chicago',
  ...over,
});

const emptySchedule = () => {
  jest.spyOn(api, 'providerOverview').mockResolvedValue({} as never);
  jest
    .spyOn(api, 'providerSchedule')
    .mockResolvedValue({ availableDays: [], timeSlots: {}, timeZone: 'UTC', outsideSchedule: [] });
};

afterEach(() => jest.restoreAllMocks());

describe('provider dashboard: the doctor’s day', () => {
  it('lists appointments under a heading per clinic day', async () => {
    emptySchedule();
    jest.spyOn(api, 'providerAppointments').mockResolvedValue(
      page([
        appointment('a', 'Ann', '2099-11-27T15:00:00.000Z'),
        // 11:30 PM in Chicago: still Friday at the clinic, Saturday in UTC.
        appointment('b', 'Ben', '2099-11-28T05:30:00.000Z'),
        appointment('c', 'Cy', '2099-11-28T16:00:00.000Z'),
      ]),
    );
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
    jest.spyOn(api, 'providerAppointments').mockResolvedValue(page([]));
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    expect(await screen.findByText('Fri 27 Nov 2099, 9:00 AM CST')).toBeTruthy();
  });
});

describe('provider dashboard: a window of dates, a page at a time', () => {
  it('loads more of the same window with the cursor the page gave', async () => {
    emptySchedule();
    const load = jest
      .spyOn(api, 'providerAppointments')
      .mockResolvedValueOnce(
        page([appointment('a', 'Ann', '2099-11-27T15:00:00.000Z')], { nextCursor: 'c1' }),
      )
      .mockResolvedValueOnce(page([appointment('b', 'Ben', '2099-11-30T15:00:00.000Z')]));
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    expect(await screen.findByRole('heading', { name: 'Ann' })).toBeTruthy();
    expect(screen.getByText('Fri 27 Nov 2099 – Fri 4 Dec 2099')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.providerLoadMore }));
    expect(await screen.findByRole('heading', { name: 'Ben' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ann' })).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith({ from: undefined, to: undefined, cursor: 'c1' });
    // The last page: no button.
    expect(screen.queryByRole('button', { name: MESSAGES.providerLoadMore })).toBeNull();
  });

  it('moves the window earlier, later, to a chosen date and back to this week', async () => {
    emptySchedule();
    const load = jest
      .spyOn(api, 'providerAppointments')
      .mockImplementation(async ({ from, to } = {}) => page([], from && to ? { from, to } : {}));
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    expect(await screen.findByText(MESSAGES.providerWindowEmpty)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: MESSAGES.providerWindowWeek }).getAttribute('aria-pressed'),
    ).toBe('false');
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.providerWindowNext }));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ from: '2099-12-05', to: '2099-12-12', cursor: undefined }),
    );
    await screen.findByText('Sat 5 Dec 2099 – Sat 12 Dec 2099');
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.providerWindowPrevious }));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ from: '2099-11-27', to: '2099-12-04', cursor: undefined }),
    );
    fireEvent.change(screen.getByLabelText(MESSAGES.providerWindowDate), { target: { value: '2100-01-10' } });
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ from: '2100-01-10', to: '2100-01-17', cursor: undefined }),
    );
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.providerWindowWeek }));
    await waitFor(() =>
      expect(screen.getByLabelText(MESSAGES.providerWindowDate)).toHaveProperty('value', '2099-11-27'),
    );
  });

  it('shows one day with Today', async () => {
    emptySchedule();
    const load = jest
      .spyOn(api, 'providerAppointments')
      .mockImplementation(async ({ from, to } = {}) => page([], from && to ? { from, to } : {}));
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    // Today is the clinic's: known once the first page names its zone.
    await screen.findByText(MESSAGES.providerWindowEmpty);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.providerWindowToday }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    const [[query]] = load.mock.calls.slice(-1) as [[{ from: string; to: string }]];
    expect(query.from).toBe(query.to);
    expect(query.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('provider dashboard: the first screen appears in one piece', () => {
  it('shows no schedule or profile while the appointments are still on their way', async () => {
    emptySchedule();
    let answer!: (page: ProviderAppointmentsPage) => void;
    jest
      .spyOn(api, 'providerAppointments')
      .mockReturnValue(new Promise<ProviderAppointmentsPage>((resolve) => (answer = resolve)));
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    // The schedule has answered; the section under the appointments must still wait for them, or the
    // appointments would push it down the screen when they arrive.
    await waitFor(() => expect(api.providerSchedule).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.loading);
    expect(screen.queryByRole('heading', { name: MESSAGES.scheduleTitle })).toBeNull();
    expect(screen.queryByRole('heading', { name: MESSAGES.providerWindowTitle })).toBeNull();
    answer(page([appointment('a', 'Ann', '2099-11-27T15:00:00.000Z')]));
    expect(await screen.findByRole('heading', { name: 'Ann' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: MESSAGES.scheduleTitle })).toBeTruthy();
  });
});
