import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQuery } from '../test-utils/render-with-query';
import { MemoryRouter } from 'react-router-dom';
import type { ComponentType } from 'react';
import { ApiError, MESSAGES, api, authStore, type RemotePageProps } from '@medora/shared';
import AdminDashboardPage from './admin-dashboard-page';
import DoctorOnboardingPage from './doctor-onboarding-page';
import DoctorSignupPage from './doctor-signup-page';
import ProviderDashboardPage from './provider-dashboard-page';

jest.mock('firebase/app', () => ({ getApp: jest.fn() }));
jest.mock('firebase/auth', () => ({
  getAuth: jest.fn(),
  createUserWithEmailAndPassword: jest.fn(),
  sendEmailVerification: jest.fn(),
}));

function renderAt(Page: ComponentType, url = '/') {
  return renderWithQuery(
    <MemoryRouter initialEntries={[url]}>
      <Page />
    </MemoryRouter>,
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The step's alert (validation runs asynchronously through react-hook-form). */
const alertSays = (message: string) =>
  waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));

afterEach(() => jest.restoreAllMocks());

describe('doctor signup', () => {
  it('names the Doctor/Admin role by default and Healthcare Provider with ?role=provider', () => {
    renderAt(DoctorSignupPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Doctor/Admin sign up' })).toBeTruthy();
    renderAt(DoctorSignupPage, '/doctor-signup?role=provider');
    expect(screen.getByRole('heading', { level: 1, name: 'Healthcare Provider sign up' })).toBeTruthy();
  });

  it('asks for email and password, then a password of at least 6 characters', () => {
    authStore.setState({ status: 'signed-out' });
    renderAt(DoctorSignupPage);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account & Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.emailPasswordRequired);
    type('Email', 'dr@example.com');
    type('Password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account & Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.passwordTooShort);
  });
});

describe('doctor onboarding steps', () => {
  beforeEach(() => {
    authStore.setState({
      status: 'signed-in',
      user: { uid: 'doc-1', email: 'dr@example.com', emailVerified: true },
    });
  });

  async function openForm() {
    jest.spyOn(api, 'getDoctor').mockRejectedValue(Object.assign(new Error('Not found.'), { status: 404 }));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(DoctorOnboardingPage, '/doctor-onboarding');
    await screen.findByRole('heading', { level: 2, name: 'Personal Information' });
  }

  it('shows all five step labels, Consultation Details included', async () => {
    await openForm();
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(steps.textContent).toContain('Consultation Details');
    expect(steps.querySelectorAll('li')).toHaveLength(5);
  });

  it('validates every step with the spec’s messages, defaults the consultation (§9), then submits', async () => {
    await openForm();
    next();
    await alertSays(MESSAGES.requiredFields);
    type('Full name *', 'Dr. Ada');
    type('Phone *', '5551234567');
    fireEvent.change(screen.getByLabelText('Gender *'), { target: { value: 'Female' } });
    type('Date of birth *', '1980-01-02');
    next();

    await screen.findByRole('heading', { level: 2, name: 'Professional Details' });
    type('Specialty *', 'Cardiology');
    type('Qualification *', 'MD');
    type('Years of experience *', '-1');
    type('License number *', 'LIC-1');
    next();
    await alertSays(MESSAGES.requiredFields);
    type('Years of experience *', '0');
    next();

    await screen.findByRole('heading', { level: 2, name: 'Clinic Information' });
    type('Clinic name *', 'Heart Clinic');
    next();
    await alertSays(MESSAGES.clinicRequired);
    type('City *', 'Boston');
    type('State *', 'MA');
    next();

    await screen.findByRole('heading', { level: 2, name: 'Consultation Details' });
    expect((screen.getByLabelText('Consultation fee (USD) *') as HTMLInputElement).value).toBe('150');
    expect((screen.getByLabelText('Consultation duration (minutes) *') as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText('Languages (comma-separated) *') as HTMLInputElement).value).toBe(
      'English',
    );
    expect((screen.getByLabelText('Accepting new patients') as HTMLInputElement).checked).toBe(true);
    next();

    await screen.findByRole('heading', { level: 2, name: 'Upload Documents' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await alertSays(MESSAGES.doctorDocumentsRequired);
    const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Medical Degree *'), {
      target: { files: [new File(['x'], 'degree.docx')] },
    });
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.credentialTypeInvalid);
    fireEvent.change(screen.getByLabelText('Medical Degree *'), { target: { files: [pdf('degree.pdf')] } });
    fireEvent.change(screen.getByLabelText('Medical License *'), { target: { files: [pdf('license.pdf')] } });
    fireEvent.change(screen.getByLabelText('Identity Proof *'), { target: { files: [pdf('id.pdf')] } });

    const upload = jest.spyOn(api, 'uploadCredential').mockResolvedValue({} as never);
    const submit = jest.spyOn(api, 'submitDoctorApplication').mockResolvedValue({} as never);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByRole('heading', { name: 'Application Submitted Successfully!' });
    expect(upload.mock.calls.map((c) => c[1])).toEqual(['degree', 'license', 'identity']);
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        uid: 'doc-1',
        data: expect.objectContaining({
          consultationFee: 150,
          consultationDuration: 30,
          languages: ['English'],
          acceptingNewPatients: true,
          experience: 0,
        }),
      }),
    );
    expect(JSON.stringify(submit.mock.calls[0]![0])).not.toContain('verificationStatus');
  });

  it('shows the rejection reason and fills the form in again', async () => {
    jest.spyOn(api, 'getDoctor').mockResolvedValue({
      exists: true,
      data: {
        onboardingCompleted: true,
        verificationStatus: 'rejected',
        // Ends in a full stop: the sentence around it must not read '..' (issue 16 §6).
        rejectionReason: 'License expired.',
        name: 'Dr. Ada',
        clinic: 'Heart Clinic',
        subSpecialties: [],
        languages: ['English'],
        consultationFee: 150,
        consultationDuration: 30,
        acceptingNewPatients: true,
        experience: 3,
        clinicAddress: { city: 'Boston', state: 'MA' },
        specialty: 'Cardiology',
      },
    } as never);
    renderAt(DoctorOnboardingPage, '/doctor-onboarding');
    await waitFor(() => expect(screen.getByText(/License expired/)).toBeTruthy());
    expect(screen.getByText(/License expired/).textContent).toBe(
      'Your application was not approved: License expired. You can correct it and submit again.',
    );
    expect((screen.getByLabelText('Full name *') as HTMLInputElement).value).toBe('Dr. Ada');
  });
});

describe('admin verification queue (issue 13 §3)', () => {
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
    credentials: [credential('c2', 'degree', null), credential('c1', 'degree', '2026-01-02T00:00:00.000Z')],
  };

  it('marks superseded documents, sends the version it shows and shows a 409 on the application', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue([application] as never);
    const approve = jest
      .spyOn(api, 'approveDoctor')
      .mockRejectedValue(new ApiError(409, MESSAGES.applicationChanged));
    renderWithQuery(<AdminDashboardPage {...({} as RemotePageProps)} />);
    const current = await screen.findByRole('list', { name: 'Current documents of Dr. Queue' });
    expect(current.textContent).toContain('degree-c2.pdf');
    const superseded = screen.getByRole('list', { name: 'Superseded documents of Dr. Queue' });
    expect(superseded.textContent).toContain('degree-c1.pdf');
    expect(superseded.textContent).toContain(MESSAGES.credentialSuperseded);

    fireEvent.click(screen.getByRole('button', { name: 'Approve Dr. Queue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.applicationChanged);
    expect(approve).toHaveBeenCalledWith('app-1', 7);
    // The 409 invalidates the queue: the current version is fetched for review.
    await waitFor(() => expect(api.adminApplications).toHaveBeenCalledTimes(2));
  });

  it('rejects through the reason dialog with the version shown; the dialog closes and the queue reloads', async () => {
    jest.spyOn(api, 'adminDashboardOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'adminApplications').mockResolvedValue([application] as never);
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
});

describe('provider dashboard (server state in TanStack Query)', () => {
  const schedule = { availableDays: [], timeSlots: {}, timeZone: 'UTC', outsideSchedule: [] };

  it('shows a failed load as an alert and the schedule editor still loads', async () => {
    jest.spyOn(api, 'providerOverview').mockRejectedValue(new ApiError(403, 'Not a provider.'));
    jest.spyOn(api, 'providerAppointments').mockResolvedValue([]);
    jest.spyOn(api, 'providerSchedule').mockResolvedValue(schedule);
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Not a provider.');
    expect(await screen.findByRole('heading', { name: 'Weekly schedule' })).toBeTruthy();
  });

  it('saves the schedule through a mutation; the form then shows what the server saved', async () => {
    jest.spyOn(api, 'providerOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'providerAppointments').mockResolvedValue([]);
    jest.spyOn(api, 'providerSchedule').mockResolvedValue(schedule);
    const update = jest
      .spyOn(api, 'updateProviderSchedule')
      .mockResolvedValue({ ...schedule, timeZone: 'Asia/Kolkata' });
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    const zone = (await screen.findByLabelText(/time zone/i)) as HTMLSelectElement;
    fireEvent.change(zone, { target: { value: 'Europe/London' } });
    fireEvent.click(screen.getByRole('button', { name: /save schedule/i }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    // The form shows what the server saved, not the draft.
    await waitFor(() => expect(zone.value).toBe('Asia/Kolkata'));
  });
});
