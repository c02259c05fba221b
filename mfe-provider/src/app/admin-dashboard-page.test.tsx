import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AUDIT_MAX_LIMIT,
  ApiError,
  MESSAGES,
  api,
  authStore,
  formatMessage,
  type RemotePageProps,
} from '@medora/shared';
import { renderWithQuery } from '../test-utils/render-with-query';
import AdminDashboardPage from './admin-dashboard-page';

jest.mock('firebase/app', () => ({ getApp: jest.fn() }));
jest.mock('firebase/auth', () => ({ getAuth: jest.fn() }));

afterEach(() => jest.restoreAllMocks());
// The desk also lists failed e-mail (its own tests: failed-mail.test.tsx).
beforeEach(() => jest.spyOn(api, 'failedMail').mockResolvedValue({ items: [], nextCursor: null }));

/** `GET /api/admin/applications` answers with a page. */
const pageOf = (...items: object[]) => ({ items, total: items.length, nextCursor: null });

describe('admin verification queue', () => {
  // The desk's audit section loads too.
  beforeEach(() => jest.spyOn(api, 'audit').mockResolvedValue({ items: [], nextCursor: null }));
  const credential = (id: string, type: string, supersededAt: string | null) => ({
    id,
    type,
    documentName: `${type}-${id}.pdf`,
    issuingOrganization: null,
    verificationStatus: 'pending',
    contentType: 'application/pdf',
    size: 8,
    hasFile: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    supersededAt,
  });
  const application = {
    id: 'app-1',
    uid: 'doc-9',
    name: 'Dr. Queue',
    email: 'q@example.com',
    phone: '5551234567',
    specialty: 'Cardiology',
    subSpecialties: [],
    qualification: 'MD',
    experience: 4,
    licenseNumber: 'LIC-9',
    npiNumber: null,
    bio: null,
    clinic: 'Clinic',
    clinicAddress: { city: 'Boston', state: 'MA' },
    consultationFee: 150,
    consultationDuration: 30,
    languages: ['English'],
    acceptingNewPatients: true,
    verificationStatus: 'pending',
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 7,
    credentialCount: 2,
    applicantRole: 'doctor',
    rejections: [],
    suspension: null,
  };

  /** The documents load when the admin opens them. */
  const openDocuments = async () => {
    const docs = jest.spyOn(api, 'adminApplicationCredentials').mockResolvedValue({
      items: [credential('c2', 'degree', null), credential('c1', 'degree', '2026-01-02T00:00:00.000Z')],
      nextCursor: null,
    } as never);
    const show = await screen.findByRole('button', { name: 'Show 2 documents' });
    expect(docs).not.toHaveBeenCalled();
    fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(docs).toHaveBeenCalledWith('app-1', undefined);
  };

  it('marks superseded documents, sends the version it shows and shows a 409 on the application', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf(application) as never);
    const approve = jest
      .spyOn(api, 'approveDoctor')
      .mockRejectedValue(new ApiError(409, MESSAGES.applicationChanged));
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    await openDocuments();
    const current = await screen.findByRole('list', { name: 'Current documents of Dr. Queue' });
    expect(current.textContent).toContain('degree-c2.pdf');
    const superseded = screen.getByRole('list', { name: 'Superseded documents of Dr. Queue' });
    expect(superseded.textContent).toContain('degree-c1.pdf');
    expect(superseded.textContent).toContain(MESSAGES.credentialSuperseded);

    fireEvent.click(screen.getByRole('button', { name: 'Approve Dr. Queue' }));
    // The approval is confirmed first.
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Approve Dr. Queue?' })).getByRole('button', {
        name: MESSAGES.adminApproveConfirm,
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.applicationChanged);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(approve).toHaveBeenCalledWith('app-1', 7);
    // The 409 invalidates the queue: the current version is fetched for review.
    await waitFor(() => expect(api.adminApplications).toHaveBeenCalledTimes(2));
  });

  it('rejects through the reason dialog with the version shown; the dialog closes and the queue reloads', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf(application) as never);
    const reject = jest.spyOn(api, 'rejectDoctor').mockResolvedValue({} as never);
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Dr. Queue' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Dr. Queue' });
    expect(document.activeElement).toBe(screen.getByLabelText(MESSAGES.rejectReasonLabel));
    fireEvent.submit(dialog.querySelector('form')!);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.rejectionReasonRequired);
    fireEvent.change(screen.getByLabelText(MESSAGES.rejectReasonLabel), {
      target: { value: ' License expired ' },
    });
    fireEvent.submit(dialog.querySelector('form')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reject).toHaveBeenCalledWith('app-1', 7, 'License expired');
    await waitFor(() => expect(api.adminApplications).toHaveBeenCalledTimes(2));
  });

  it("'View' previews a credential in the page and 'Download' saves it, never a new tab", async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf(application) as never);
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const load = jest
      .spyOn(api, 'credentialFile')
      .mockResolvedValue({ blob: pdf, fileName: 'degree-c2.pdf', contentType: 'application/pdf' });
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const urls: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (b: Blob) => (urls.push(b), `blob:${urls.length}`),
      revokeObjectURL: () => undefined,
    });
    const clicked: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    await openDocuments();
    const view = await screen.findByRole('button', { name: 'View Medical Degree of Dr. Queue' });
    fireEvent.click(view);
    const dialog = screen.getByRole('dialog', { name: 'Medical Degree of Dr. Queue' });
    const preview = await within(dialog).findByTestId('file-preview');
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(preview.getAttribute('data-content-type')).toBe('application/pdf');
    expect(load).toHaveBeenCalledWith('c2');
    expect(clicked).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.closeButton }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The superseded document downloads apart: a saved file (named after the document), no dialog.
    load.mockResolvedValue({ blob: pdf, fileName: null, contentType: 'application/pdf' });
    fireEvent.click(screen.getByRole('button', { name: 'Download superseded Medical Degree of Dr. Queue' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(load).toHaveBeenLastCalledWith('c1');
    expect(clicked[0]!.download).toBe('degree-c1.pdf');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('admin change requests', () => {
  const request = {
    id: 'cr-9',
    doctorId: 'd-9',
    uid: 'doc-9',
    doctorName: 'Dr. Shift',
    status: 'pending' as const,
    changes: [
      { field: 'specialty' as const, from: 'Cardiology', to: 'Neurology' },
      { field: 'subSpecialties' as const, from: ['Echocardiography'], to: [] },
    ],
    reason: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    decidedAt: null,
    version: 2,
  };
  beforeEach(() => {
    jest.spyOn(api, 'audit').mockResolvedValue({ items: [], nextCursor: null });
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf() as never);
    jest.spyOn(api, 'adminChangeRequests').mockResolvedValue({ items: [request], nextCursor: null });
  });

  it('shows each request as a diff and approves or rejects (with a reason) the version shown', async () => {
    const approve = jest.spyOn(api, 'approveChangeRequest').mockResolvedValue(request as never);
    const reject = jest.spyOn(api, 'rejectChangeRequest').mockResolvedValue(request as never);
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Change requests (1)' }));
    const card = await screen.findByRole('article', { name: 'Change request of Dr. Shift' });
    const table = within(card).getByRole('table', { name: 'Requested changes of Dr. Shift' });
    const row = within(table).getByRole('row', { name: /specialty Cardiology Neurology/ });
    expect(row).toBeTruthy();
    expect(
      within(table).getByRole('row', { name: /sub-specialties Echocardiography \(none\)/ }),
    ).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Approve change of Dr. Shift' }));
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.adminApproveConfirm }));
    await waitFor(() => expect(approve).toHaveBeenCalledWith('cr-9', 2));

    fireEvent.click(within(card).getByRole('button', { name: 'Reject change of Dr. Shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the change of Dr. Shift' });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.rejectConfirm }));
    expect(await within(dialog).findByText(MESSAGES.rejectionReasonRequired)).toBeTruthy();
    expect(reject).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Not in the registry' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.rejectConfirm }));
    await waitFor(() => expect(reject).toHaveBeenCalledWith('cr-9', 2, 'Not in the registry'));
  });
});

describe('admin decisions', () => {
  beforeEach(() => jest.spyOn(api, 'audit').mockResolvedValue({ items: [], nextCursor: null }));
  const application = {
    id: 'app-2',
    uid: 'doc-2',
    name: 'Dr. Twice',
    email: 't@example.com',
    phone: '5551234567',
    specialty: 'Cardiology',
    subSpecialties: [],
    qualification: 'MD',
    experience: 4,
    licenseNumber: 'LIC-2',
    npiNumber: null,
    bio: null,
    clinic: 'Clinic',
    clinicAddress: null,
    consultationFee: 150,
    consultationDuration: 30,
    languages: ['English'],
    acceptingNewPatients: true,
    verificationStatus: 'pending',
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 3,
    credentialCount: 0,
    applicantRole: 'provider',
    rejections: [{ at: '2026-01-01T12:00:00.000Z', reason: 'Licence expired.' }],
    suspension: null,
  };
  afterEach(() => act(() => authStore.setState({ status: 'signed-out', user: null } as never)));

  it('asks before approving, shows the busy state and sends one request however often it is pressed', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf(application) as never);
    let resolve: (v: unknown) => void = () => undefined;
    const approve = jest
      .spyOn(api, 'approveDoctor')
      .mockImplementation(() => new Promise((r) => (resolve = r)) as never);
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    const open = await screen.findByRole('button', { name: 'Approve Dr. Twice' });
    fireEvent.click(open);
    fireEvent.click(open);
    expect(approve).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Approve Dr. Twice?' });
    const confirm = within(dialog).getByRole('button', { name: MESSAGES.adminApproveConfirm });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.textContent).toBe(MESSAGES.adminApproving));
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Approve Dr. Twice' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(approve).toHaveBeenCalledTimes(1);
    expect(approve).toHaveBeenCalledWith('app-2', 3);
    await act(async () => resolve({}));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('says when an approved doctor without weekly hours becomes bookable, and moves the focus to the next card', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    const other = { ...application, id: 'app-3', uid: 'doc-3', name: 'Dr. Next' };
    jest
      .spyOn(api, 'adminApplications')
      .mockResolvedValueOnce(pageOf(application, other) as never)
      .mockResolvedValue(pageOf(other) as never);
    jest.spyOn(api, 'approveDoctor').mockResolvedValue({} as never);
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    const card = await screen.findByRole('article', { name: 'Application of Dr. Twice' });
    // The product's readable date, not the browser's 1/1/2026.
    expect(card.textContent).toContain('Thu 1 Jan 2026');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve Dr. Twice' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Dr. Twice?' });
    expect(dialog.textContent).toContain(formatMessage('adminApproveMessageNoHours', { name: 'Dr. Twice' }));
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.adminApproveConfirm }));
    const next = await screen.findByRole('article', { name: 'Application of Dr. Next' });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Application of Dr. Twice' })).toBeNull(),
    );
    await waitFor(() => expect(document.activeElement).toBe(next));
  });

  it('keeps a failure other than a conflict inside the dialog; Cancel sends nothing', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf(application) as never);
    const approve = jest.spyOn(api, 'approveDoctor').mockRejectedValue(new ApiError(500, 'Boom.'));
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Dr. Twice' }));
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.dialogCancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve Dr. Twice' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Dr. Twice?' });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.adminApproveConfirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Boom.');
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('shows the applicant’s role and earlier rejections, and asks the server for a tab, a search, an order and a keyset page', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    const list = jest
      .spyOn(api, 'adminApplications')
      .mockResolvedValue({ items: [application], total: 25, nextCursor: 'cursor-2' } as never);
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    const card = await screen.findByRole('article', { name: 'Application of Dr. Twice' });
    expect(card.textContent).toContain(MESSAGES.adminApplicantProvider);
    const history = within(card).getByRole('region', { name: 'Earlier rejections of Dr. Twice' });
    // The reason's own full stop is not doubled.
    expect(history.textContent).toMatch(
      /^Resubmission historyRejected Thu 1 Jan 2026, .*: Licence expired\.$/,
    );
    expect(list).toHaveBeenLastCalledWith({
      status: 'pending',
      q: '',
      sort: 'oldest',
      cursor: null,
      limit: 10,
    });
    expect(screen.getByText('Page 1 of 3 · 25 applications').getAttribute('role')).toBe('status');

    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminPageNext }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        status: 'pending',
        q: '',
        sort: 'oldest',
        cursor: 'cursor-2',
        limit: 10,
      }),
    );
    fireEvent.change(screen.getByLabelText(MESSAGES.adminSearchLabel), { target: { value: ' LIC-2 ' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminSearchButton }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        status: 'pending',
        q: 'LIC-2',
        sort: 'oldest',
        cursor: null,
        limit: 10,
      }),
    );
    fireEvent.change(screen.getByLabelText(MESSAGES.adminSortLabel), { target: { value: 'newest' } });
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        status: 'pending',
        q: 'LIC-2',
        sort: 'newest',
        cursor: null,
        limit: 10,
      }),
    );
    const rejectedTab = screen.getByRole('tab', { name: MESSAGES.adminQueueRejected });
    fireEvent.click(rejectedTab);
    expect(rejectedTab.getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        status: 'rejected',
        q: 'LIC-2',
        sort: 'newest',
        cursor: null,
        limit: 10,
      }),
    );
    fireEvent.keyDown(rejectedTab, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: MESSAGES.adminQueueApproved }));
  });

  it('suspends an approved doctor with a required reason, and lists a suspended doctor’s follow-ups', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    const approved = { ...application, verificationStatus: 'approved' };
    const suspended = {
      ...approved,
      id: 'app-3',
      name: 'Dr. Paused',
      suspension: { at: '2026-01-02T15:00:00.000Z', reason: 'Complaint under review.' },
    };
    jest
      .spyOn(api, 'adminApplications')
      .mockImplementation(async (q) => pageOf(q?.status === 'suspended' ? suspended : approved) as never);
    const suspend = jest.spyOn(api, 'suspendDoctor').mockResolvedValue({ doctor: {}, upcoming: [] } as never);
    jest.spyOn(api, 'adminDoctorUpcoming').mockResolvedValue({
      items: [
        {
          id: 'a1',
          startsAt: '2026-12-01T14:00:00.000Z',
          status: 'Scheduled',
          patientName: 'Pat Doe',
          timeZone: 'America/New_York',
        },
      ],
      nextCursor: null,
    });
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    fireEvent.click(screen.getByRole('tab', { name: MESSAGES.adminQueueApproved }));
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend Dr. Twice' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Dr. Twice?' });
    const field = within(dialog).getByLabelText(MESSAGES.adminSuspendReasonLabel);
    expect(document.activeElement).toBe(field);
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.adminSuspendConfirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGES.suspensionReasonRequired);
    expect(suspend).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: ' Complaint under review. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.adminSuspendConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(suspend).toHaveBeenCalledWith('app-2', 3, 'Complaint under review.');

    fireEvent.click(screen.getByRole('tab', { name: MESSAGES.adminQueueSuspended }));
    const card = await screen.findByRole('article', { name: 'Application of Dr. Paused' });
    expect(card.textContent).toContain('Complaint under review.');
    expect(within(card).queryByRole('button', { name: 'Suspend Dr. Paused' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Reinstate Dr. Paused' })).toBeTruthy();
    const followUps = within(card).getByRole('region', { name: 'Upcoming appointments of Dr. Paused' });
    await waitFor(() =>
      expect(followUps.textContent).toContain('Tue 1 Dec 2026, 9:00 AM EST · Pat Doe · Scheduled'),
    );
  });

  it('shows no decision buttons on the signed-in admin’s own application', async () => {
    act(() => authStore.setState({ status: 'signed-in', user: { uid: 'doc-2' } } as never));
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf(application) as never);
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    expect(await screen.findByText(MESSAGES.adminOwnApplication)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve Dr. Twice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject Dr. Twice' })).toBeNull();
  });
});

describe('admin audit log', () => {
  const row = (i: number) => ({
    id: `row-${i}`,
    actorUid: 'admin-1',
    actorRole: 'admin',
    action: 'doctor.reject',
    resourceType: 'doctor',
    resourceId: `doc-${i}`,
    outcome: 'allowed',
    detail: 'reason: expired',
    clientIp: '127.0.0.1',
    userAgent: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    actorName: 'Ada Admin',
  });

  it('filters on the server, pages by the nextCursor and exports every matching row as CSV', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf() as never);
    const full = Array.from({ length: 25 }, (_, i) => row(i));
    const audit = jest.spyOn(api, 'audit').mockResolvedValue({ items: full, nextCursor: 'next-25' } as never);
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    const table = await screen.findByRole('region', { name: MESSAGES.auditTableLabel });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    // The actor's name beside the uid; the time in UTC, as the date filters are.
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('Ada Admin');
    expect(first.textContent).toContain('admin-1 · admin');
    expect(first.textContent).toContain('Thu 1 Jan 2026, 12:00 AM UTC');
    expect(audit).toHaveBeenLastCalledWith({ limit: 25 });

    fireEvent.change(screen.getByLabelText(MESSAGES.auditActor), { target: { value: ' admin-1 ' } });
    fireEvent.change(screen.getByLabelText(MESSAGES.auditAction), { target: { value: 'doctor.reject' } });
    fireEvent.change(screen.getByLabelText(MESSAGES.auditOutcome), { target: { value: 'allowed' } });
    fireEvent.change(screen.getByLabelText(MESSAGES.auditFrom), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText(MESSAGES.auditTo), { target: { value: '2026-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.auditApply }));
    const filters = {
      actor: 'admin-1',
      action: 'doctor.reject',
      outcome: 'allowed',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-31T23:59:59.999Z',
    };
    await waitFor(() => expect(audit).toHaveBeenLastCalledWith({ ...filters, limit: 25 }));
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.auditOlder }));
    await waitFor(() => expect(audit).toHaveBeenLastCalledWith({ ...filters, limit: 25, cursor: 'next-25' }));
    expect(screen.getByText('Page 2')).toBeTruthy();

    // The export gathers every page of the filters (here one last page) into one CSV file.
    audit.mockResolvedValue({ items: [row(1)], nextCursor: null } as never);
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'),
      revokeObjectURL: () => undefined,
    });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.auditExport }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(audit).toHaveBeenLastCalledWith({ ...filters, limit: AUDIT_MAX_LIMIT });
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text.split('\r\n')[1]).toBe(
      '2026-01-01T00:00:00.000Z,admin-1,admin,doctor.reject,doctor,doc-1,allowed,reason: expired,127.0.0.1,',
    );
  });

  it('refuses a From date after the To date without asking the server', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf() as never);
    const audit = jest.spyOn(api, 'audit').mockResolvedValue({ items: [], nextCursor: null });
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    await screen.findByText(MESSAGES.auditEmpty);
    fireEvent.change(screen.getByLabelText(MESSAGES.auditFrom), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText(MESSAGES.auditTo), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.auditApply }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.auditDateInvalid);
    expect(audit).toHaveBeenCalledTimes(1);
  });
});

describe('the desk’s tabs', () => {
  const application = {
    id: 'app-3',
    uid: 'doc-3',
    name: 'Dr. Stay',
    email: 's@example.com',
    phone: '5551234567',
    specialty: 'Cardiology',
    subSpecialties: [],
    qualification: 'MD',
    experience: 4,
    licenseNumber: 'LIC-3',
    npiNumber: null,
    bio: null,
    clinic: 'Clinic',
    clinicAddress: null,
    consultationFee: 150,
    consultationDuration: 30,
    languages: ['English'],
    acceptingNewPatients: true,
    verificationStatus: 'pending',
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 4,
    credentialCount: 0,
    applicantRole: 'doctor',
    rejections: [],
    suspension: null,
  };
  const request = {
    id: 'cr-3',
    doctorId: 'app-3',
    uid: 'doc-3',
    doctorName: 'Dr. Stay',
    status: 'pending' as const,
    changes: [{ field: 'licenseNumber' as const, from: 'LIC-3', to: 'LIC-4' }],
    reason: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    decidedAt: null,
    version: 1,
  };

  it('leads from a card’s pending change to its tab; the search and a refused decision are still there on coming back', async () => {
    jest.spyOn(api, 'audit').mockResolvedValue({ items: [], nextCursor: null });
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminChangeRequests').mockResolvedValue({ items: [request], nextCursor: null });
    const applications = jest.spyOn(api, 'adminApplications').mockResolvedValue(pageOf(application) as never);
    jest.spyOn(api, 'approveDoctor').mockRejectedValue(new ApiError(409, MESSAGES.applicationChanged));
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    const cardOf = () => screen.findByRole('article', { name: 'Application of Dr. Stay' });

    fireEvent.change(screen.getByLabelText(MESSAGES.adminSearchLabel), { target: { value: ' Stay ' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminSearchButton }));
    await waitFor(() =>
      expect(applications).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'Stay' })),
    );
    fireEvent.click(within(await cardOf()).getByRole('button', { name: 'Approve Dr. Stay' }));
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.adminApproveConfirm }));
    expect((await within(await cardOf()).findByRole('alert')).textContent).toBe(MESSAGES.applicationChanged);

    fireEvent.click(within(await cardOf()).getByRole('button', { name: MESSAGES.adminChangePendingBadge }));
    const changes = screen.getByRole('tab', { name: 'Change requests (1)' });
    expect(changes.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Change requests (1)' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Change request of Dr. Stay' })).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: MESSAGES.adminQueuePending }));
    expect((screen.getByLabelText(MESSAGES.adminSearchLabel) as HTMLInputElement).value).toBe(' Stay ');
    expect(screen.getByRole('tabpanel', { name: MESSAGES.adminQueuePending })).toBeTruthy();
    expect(within(await cardOf()).getByRole('alert').textContent).toBe(MESSAGES.applicationChanged);
    expect(applications).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'pending', q: 'Stay' }));
  });
});
