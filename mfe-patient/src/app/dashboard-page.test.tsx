import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  FOCUS_MAIN_STATE,
  MESSAGES,
  api,
  authStore,
  dialogStore,
  provideRemoteRoute,
  type REMOTE_MODULES,
  type RemoteRouteProps,
} from '@medora/shared';
import { renderWithQuery } from '../test-utils/render-with-query';
import DashboardPage from './dashboard-page';

// The shell provides its remote route at boot; here a stand-in that names what it was asked to mount.
provideRemoteRoute(
  ({ request, embedded, variant }: RemoteRouteProps<typeof REMOTE_MODULES.booking.BookingFlow>) => (
    <p>
      booking flow {variant} {request} {embedded ? 'embedded' : 'page'}
    </p>
  ),
);

const APPOINTMENTS = [
  {
    id: 'a1',
    uid: 'p1',
    // Upcoming is time-aware: keep this one in the future.
    date: '2099-03-02 at 10:00 AM',
    doctor: 'Dr. Sarah Johnson',
    clinic: 'Heart Center',
    specialty: 'Cardiology',
    notes: 'Checkup',
    prescriptionUrl: null,
    status: 'Scheduled',
    startsAt: '2099-03-02T10:00:00Z',
  },
  {
    id: 'a2',
    uid: 'p1',
    date: '2026-01-02 at 10:00 AM',
    doctor: 'Dr. Michael Chen',
    clinic: 'Main Clinic',
    specialty: 'General Medicine',
    notes: '',
    prescriptionUrl: '/api/appointments/a2/prescription',
    status: 'Completed',
    startsAt: '2026-01-02T10:00:00Z',
  },
];

const PROFILE = {
  exists: true,
  data: {
    name: 'Pat Doe',
    heightWeight: { heightFeet: 5, heightInches: 10, weight: 70 },
    medicalReports: 'old.pdf',
  },
  aiSummary: {
    engine: 'deterministic',
    generatedAt: '2026-01-01T00:00:00Z',
    disclaimer: 'Generated summary, not a diagnosis.',
    redFlags: [],
    sections: [{ title: 'Chief complaints', lines: ['Headache'] }],
    text: '',
  },
  updatedAt: '2026-01-01T00:00:00Z',
};

const VISITS = {
  items: [
    { id: 'v2', kind: 'follow-up', visitedAt: '2026-03-10T15:30:00Z', reason: 'Follow-up Visit: Better' },
    { id: 'v1', kind: 'visit', visitedAt: '2026-01-05T09:00:00Z', reason: 'New Appointment: Cough' },
  ],
  nextCursor: null as string | null,
  total: 2,
};

/** An earlier page behind `?cursor=c2` (the first page's `nextCursor`). */
const EARLIER_VISITS = {
  items: [{ id: 'v0', kind: 'visit', visitedAt: '2025-06-01T09:00:00Z', reason: 'New Appointment: Fever' }],
  nextCursor: null,
  total: 3,
};

const VISIT_SUMMARY = {
  engine: 'deterministic',
  generatedAt: '2026-01-05T09:00:00Z',
  disclaimer: 'Generated summary, to be verified.',
  redFlags: ['Cough for more than 3 weeks'],
  sections: [{ title: 'Chief complaints', lines: ['Cough, dry'] }],
  text: '',
};

function fakeApi(
  opts: { patient?: number; documents?: number; appointments?: number; earlierVisits?: boolean } = {},
) {
  const fetchImpl = jest.fn(async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    let status = 500;
    let body: unknown = { message: 'unexpected' };
    if (method === 'GET' && /^\/api\/patients\/p1$/.test(url)) {
      status = opts.patient ?? 200;
      body = status === 200 ? PROFILE : { statusCode: status, message: 'Not found.' };
    } else if (method === 'GET' && url === '/api/patients/p1/visits') {
      status = 200;
      body = opts.earlierVisits ? { ...VISITS, total: 3, nextCursor: 'c2' } : VISITS;
    } else if (method === 'GET' && url === '/api/patients/p1/visits?cursor=c2') {
      status = 200;
      body = EARLIER_VISITS;
    } else if (method === 'GET' && url === `/api/patients/p1/visits/${VISITS.items[1]!.id}`) {
      status = 200;
      body = { ...VISITS.items[1], data: { symptoms: ['Cough'] }, summary: VISIT_SUMMARY };
    } else if (method === 'GET' && url.startsWith('/api/appointments?')) {
      status = opts.appointments ?? 200;
      body = status === 200 ? APPOINTMENTS : { message: 'Appointments are down' };
    } else if (method === 'GET' && url === '/api/patients/p1/fhir/imported') {
      status = 200;
      body = { items: [], nextCursor: null };
    } else if (method === 'GET' && url === '/api/patients/p1/documents') {
      status = opts.documents ?? 200;
      body = status === 200 ? [] : { message: 'boom' };
    } else if (method === 'POST' && url === '/api/appointments/a1/cancel') {
      status = 200;
      body = { ...APPOINTMENTS[0], status: 'Cancelled' };
    } else if (method === 'GET' && url.startsWith('/api/appointments/a')) {
      status = 200;
      body = APPOINTMENTS.find((a) => url.endsWith(a.id));
    }
    return { status, text: async () => JSON.stringify(body), headers: new Headers() };
  });
  api.configure({ fetch: fetchImpl as unknown as typeof fetch, baseUrl: '/api' });
  return fetchImpl;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderPage(entry: string | { pathname: string; search: string; state: unknown } = '/dashboard') {
  return renderWithQuery(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/form" element={<h1>Intake form</h1>} />
        <Route path="/book-appointment" element={<h1>Book</h1>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('DashboardPage', () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => authStore.getState().setUser({ uid: 'p1', email: 'p@example.com', emailVerified: true }));
  });
  afterEach(() => act(() => authStore.getState().setUser(null)));

  it('shows five tabs with counts and the summary with BMI and the generated label', async () => {
    fakeApi();
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Appointments (2)' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      'Patient Summary',
      'Appointments (2)',
      'Book Appointment',
      'Medical Documents (0)',
      'My medicines (0)',
    ]);
    expect(screen.getByRole('tab', { name: 'Patient Summary' }).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('summary-bmi')).textContent).toBe('BMI 22.1 (Normal)');
    expect(
      screen.getByText(
        /^Generated (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M \w+/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Headache')).toBeTruthy();
  });

  it('numbers its headings without gaps: the page h1, then each card and list an h2 (WCAG 1.3.1)', async () => {
    fakeApi();
    renderPage();
    await screen.findByTestId('summary-bmi');
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    const jumps = levels.slice(1).filter((level, i) => level > levels[i]! + 1);
    expect(jumps).toEqual([]);
    expect(screen.getByRole('heading', { level: 2, name: MESSAGES.summaryAiHeading })).toBeTruthy();
  });

  it('keeps the tab and sub-tab in the URL and moves with arrow keys', async () => {
    fakeApi();
    renderPage('/dashboard?tab=appointments&sub=history');
    const history = await screen.findByRole('tab', { name: 'History (1)' });
    expect(history.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Dr. Michael Chen')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Upcoming (1)' }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard?tab=appointments&sub=upcoming');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Appointments (2)' }), { key: 'ArrowRight' });
    // The Book tab's code loads when it is chosen; the router's transition shows it once it is there.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard?tab=book'));
    expect(await screen.findByText('booking flow dashboard mfe_booking/BookingFlow embedded')).toBeTruthy();
  });

  it('after a confirmed booking or reschedule, the appointments panel has focus, not the page body', async () => {
    fakeApi();
    renderPage({ pathname: '/dashboard', search: '?tab=appointments&sub=upcoming', state: FOCUS_MAIN_STATE });
    await screen.findByRole('tab', { name: 'Upcoming (1)' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: /Appointments/ })),
    );
  });

  it('opens a labelled details dialog whose prescription download carries the token; Escape closes it', async () => {
    const fetchImpl = fakeApi();
    renderPage('/dashboard?tab=appointments&sub=history');
    fireEvent.click(await screen.findByRole('button', { name: /Details: Dr. Michael Chen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Appointment details' });
    // A plain link would carry no ID token (401): the download goes through the API client.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download Prescription' }));
    await waitFor(() =>
      expect(fetchImpl.mock.calls.some(([url]) => url === '/api/appointments/a2/prescription')).toBe(true),
    );
    expect(within(dialog).queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a new patient (404) to /form unless profileCompleted is set', async () => {
    fakeApi({ patient: 404 });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Intake form' })).toBeTruthy();
  });

  it('stays on the dashboard for a 404 when profileCompleted is true, and builds the documents fallback', async () => {
    localStorage.setItem('medora.profileCompleted.p1', 'true');
    fakeApi({ patient: 404, documents: 500 });
    renderPage('/dashboard?tab=documents');
    expect(await screen.findByText('No documents uploaded yet')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Intake form' })).toBeNull();
  });

  it('shows a failed appointments load with Retry instead of an empty list, and Retry loads it', async () => {
    fakeApi({ appointments: 500 });
    renderPage('/dashboard?tab=appointments&sub=upcoming');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading your dashboard: Appointments are down');
    expect(screen.queryByText('No upcoming appointments')).toBeNull();
    fakeApi();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Dr. Sarah Johnson')).toBeTruthy();
  });

  it('refreshes the list after a cancel without a reload (the mutation invalidates the appointments)', async () => {
    const fetchImpl = fakeApi();
    renderPage('/dashboard?tab=appointments&sub=upcoming');
    fireEvent.click(await screen.findByRole('button', { name: /Details: Dr. Sarah Johnson/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Appointment details' });
    const lists = () =>
      fetchImpl.mock.calls.filter(
        ([url, init]) => url.startsWith('/api/appointments?') && init.method !== 'POST',
      ).length;
    const before = lists();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(dialogStore.getState().dialogs).toHaveLength(1));
    act(() => dialogStore.getState().close(dialogStore.getState().dialogs[0]!.id, true));
    await waitFor(() => expect(lists()).toBe(before + 1));
    // Focus is on the list the appointment left, not on the page body.
    await waitFor(() => expect(document.activeElement?.id).toBe('md-dash-sub-panel'));
  });

  it('shows the profile’s file names when the documents call fails', async () => {
    fakeApi({ documents: 500 });
    renderPage('/dashboard?tab=documents');
    expect(await screen.findByText('old.pdf')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Medical Documents (1)' })).toBeTruthy();
  });

  it('offers the ways back into the intake, each in its mode', async () => {
    fakeApi();
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'What would you like to do?' });
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('New symptoms / start a visit')).toBe('/form?mode=visit');
    expect(href('Update my health profile')).toBe('/form?mode=profile');
    expect(href('Follow-up on my last visit')).toBe('/form?mode=follow-up');
    expect(within(nav).getAllByRole('link')).toHaveLength(3);
    fireEvent.click(within(nav).getByRole('link', { name: 'Update my health profile' }));
    expect(screen.getByTestId('location').textContent).toBe('/form?mode=profile');
  });

  it('lists previous visits newest first and opens a visit’s own summary', async () => {
    fakeApi();
    renderPage();
    const list = await screen.findByTestId('visits-list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('time')?.getAttribute('datetime'))).toEqual([
      '2026-03-10T15:30:00Z',
      '2026-01-05T09:00:00Z',
    ]);
    expect(items[0]!.textContent).toContain('Follow-up Visit: Better');
    // The newest is the visit the summary above shows: labelled so, not passed off as an earlier one.
    expect(within(items[0]!).getByTestId('visit-latest').textContent).toBe(MESSAGES.visitLatestLabel);
    expect(within(items[1]!).queryByTestId('visit-latest')).toBeNull();
    expect(items[1]!.textContent).toMatch(/Mon 5 Jan 2026, \d{1,2}:\d{2} [AP]M \S+/);
    fireEvent.click(
      within(items[1]!).getByRole('button', { name: /^Open summary of the visit on Mon 5 Jan 2026/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: /^Visit on Mon 5 Jan 2026/ });
    expect(await within(dialog).findByText('Cough for more than 3 weeks')).toBeTruthy();
    expect(within(dialog).getByText('Generated summary, to be verified.')).toBeTruthy();
    expect(within(dialog).getByText('Cough, dry')).toBeTruthy();
  });

  it('shows earlier visits on request, after the newest page', async () => {
    const fetchImpl = fakeApi({ earlierVisits: true });
    renderPage();
    const list = await screen.findByTestId('visits-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.visitsShowEarlier }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]!.textContent).toContain('New Appointment: Fever');
    expect(fetchImpl.mock.calls.map(([url]) => url)).toContain('/api/patients/p1/visits?cursor=c2');
    // The last page: no button.
    expect(screen.queryByRole('button', { name: MESSAGES.visitsShowEarlier })).toBeNull();
  });
});
