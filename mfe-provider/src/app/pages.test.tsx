import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQuery } from '../test-utils/render-with-query';
import { MemoryRouter } from 'react-router-dom';
import type { ComponentType } from 'react';
import { ApiError, MESSAGES, api, authStore, formatMessage, type RemotePageProps } from '@medora/shared';
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
  it('names the Doctor role by default (admins never sign up) and Healthcare Provider with ?role=provider', () => {
    renderAt(DoctorSignupPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Doctor sign up' })).toBeTruthy();
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

  it('names the page after the account’s role: a Healthcare Provider is not told Doctor', async () => {
    authStore.setState({ profile: { role: 'provider' } } as never);
    await openForm();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Healthcare Provider onboarding');
    act(() => authStore.setState({ profile: { role: 'doctor' } } as never));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Doctor onboarding');
    act(() => authStore.setState({ profile: null }));
  });

  it('tells an unverified applicant to verify first, before step 1, and sends the link again', async () => {
    const { getAuth, sendEmailVerification } = jest.requireMock<{
      getAuth: jest.Mock;
      sendEmailVerification: jest.Mock;
    }>('firebase/auth');
    const currentUser = { emailVerified: false };
    getAuth.mockReturnValue({ currentUser });
    sendEmailVerification.mockResolvedValue(undefined);
    authStore.setState({ user: { uid: 'doc-1', email: 'dr@example.com', emailVerified: false } });
    await openForm();
    const notice = screen.getByRole('region', { name: MESSAGES.applicationVerifyFirstHeading });
    expect(notice.textContent).toContain('dr@example.com');
    // Up front: the notice comes before the first step.
    const step = screen.getByRole('heading', { level: 2, name: 'Personal Information' });
    expect(notice.compareDocumentPosition(step) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: MESSAGES.applicationVerifyResend }));
    await waitFor(() => expect(sendEmailVerification).toHaveBeenCalledWith(currentUser));
    act(() => authStore.setState({ user: { uid: 'doc-1', email: 'dr@example.com', emailVerified: true } }));
    expect(screen.queryByRole('region', { name: MESSAGES.applicationVerifyFirstHeading })).toBeNull();
  });

  it('shows all five step labels, Consultation Details included', async () => {
    await openForm();
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(steps.textContent).toContain('Consultation Details');
    expect(steps.querySelectorAll('li')).toHaveLength(5);
  });

  it('validates every step with the catalogue’s messages, defaults the consultation, then submits', async () => {
    await openForm();
    next();
    await alertSays(MESSAGES.requiredFields);
    type('Full name *', 'Dr. Ada');
    type('Phone *', '5551234567');
    fireEvent.change(screen.getByLabelText('Gender *'), { target: { value: 'Female' } });
    type('Date of birth *', '1980-01-02');
    // Fixed: the message goes without pressing Next again.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    next();

    await screen.findByRole('heading', { level: 2, name: 'Professional Details' });
    type('Specialty *', 'Cardiology');
    // The specialty's sub-specialties, a multi-select.
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Heart failure' }));
    expect(screen.queryByRole('checkbox', { name: 'Epilepsy' })).toBeNull();
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
    // A negative fee is not a missing field: its own message, gone once fixed.
    type('Consultation fee (USD) *', '-5');
    next();
    await alertSays(MESSAGES.consultationFeeNegative);
    type('Consultation fee (USD) *', '150');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    next();

    await screen.findByRole('heading', { level: 2, name: 'Upload Documents' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await alertSays(MESSAGES.doctorDocumentsRequired);
    const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Medical Degree *'), {
      target: { files: [new File(['x'], 'degree.docx')] },
    });
    // The refusal names the file; a text file named .pdf is refused on selection too.
    await alertSays(formatMessage('credentialFileRefused', { name: 'degree.docx' }));
    fireEvent.change(screen.getByLabelText('Medical Degree *'), {
      target: { files: [new File(['just text'], 'notes.pdf')] },
    });
    await alertSays(formatMessage('credentialFileRefused', { name: 'notes.pdf' }));
    fireEvent.change(screen.getByLabelText('Medical Degree *'), { target: { files: [pdf('degree.pdf')] } });
    fireEvent.change(screen.getByLabelText('Medical License *'), { target: { files: [pdf('license.pdf')] } });
    fireEvent.change(screen.getByLabelText('Identity Proof *'), { target: { files: [pdf('id.pdf')] } });
    await screen.findByText(formatMessage('applicationChosenFiles', { names: 'id.pdf' }));
    expect(screen.queryByText(formatMessage('applicationChosenFiles', { names: 'notes.pdf' }))).toBeNull();

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
          subSpecialties: ['Heart failure'],
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
        // Ends in a full stop: the sentence around it must not read '..'.
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

  it('resubmits after a rejection without sending the documents again (they stay on file)', async () => {
    jest.spyOn(api, 'getDoctor').mockResolvedValue({
      exists: true,
      data: {
        onboardingCompleted: true,
        documentsSubmitted: true,
        verificationStatus: 'rejected',
        rejectionReason: 'License expired.',
        name: 'Dr. Ada',
        phone: '5551234567',
        gender: 'Female',
        dob: '1980-01-02',
        qualification: 'MD',
        licenseNumber: 'LIC-1',
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
    const upload = jest.spyOn(api, 'uploadCredential').mockResolvedValue({} as never);
    const submit = jest.spyOn(api, 'submitDoctorApplication').mockResolvedValue({} as never);
    renderAt(DoctorOnboardingPage, '/doctor-onboarding');
    await screen.findByRole('heading', { level: 2, name: 'Personal Information' });
    for (const heading of [
      'Professional Details',
      'Clinic Information',
      'Consultation Details',
      'Upload Documents',
    ]) {
      next();
      await screen.findByRole('heading', { level: 2, name: heading });
    }
    expect(screen.getByText(MESSAGES.applicationDocumentsKept)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByRole('heading', { name: 'Application Submitted Successfully!' });
    expect(upload).not.toHaveBeenCalled();
    expect(submit).toHaveBeenCalledTimes(1);
  });
});

describe('provider dashboard (server state in TanStack Query)', () => {
  const schedule = { availableDays: [], timeSlots: {}, timeZone: 'UTC', outsideSchedule: [] };
  // The profile editor reads the doctor's own record.
  const approvedRecord = {
    id: 'd-1',
    uid: 'doc-1',
    name: 'Dr. Ada',
    specialty: 'Cardiology',
    subSpecialties: ['Echocardiography'],
    licenseNumber: 'LIC-1',
    bio: null,
    clinic: 'Heart Clinic',
    clinicAddress: { city: 'Boston', state: 'MA' },
    consultationFee: 150,
    consultationDuration: 30,
    languages: ['English'],
    acceptingNewPatients: true,
    verificationStatus: 'approved',
  };
  beforeEach(() => {
    authStore.setState({
      status: 'signed-in',
      user: { uid: 'doc-1', email: 'dr@example.com', emailVerified: true },
    });
    jest.spyOn(api, 'getDoctor').mockResolvedValue({ exists: true, data: approvedRecord } as never);
    jest.spyOn(api, 'doctorChangeRequest').mockResolvedValue({ request: null });
  });
  /** An empty page of the default window. */
  const NO_APPOINTMENTS = {
    items: [],
    nextCursor: null,
    from: '2099-11-27',
    to: '2099-12-04',
    timeZone: 'UTC',
  };

  it('saves only the changed profile fields; a licence change is confirmed first and then shown pending', async () => {
    jest.spyOn(api, 'providerOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'providerAppointments').mockResolvedValue(NO_APPOINTMENTS);
    jest.spyOn(api, 'providerSchedule').mockResolvedValue(schedule);
    const changeRequest = {
      id: 'cr-1',
      doctorId: approvedRecord.id,
      uid: 'doc-1',
      doctorName: approvedRecord.name,
      status: 'pending' as const,
      changes: [{ field: 'licenseNumber' as const, from: approvedRecord.licenseNumber, to: 'LIC-2' }],
      reason: null,
      createdAt: '2099-11-27T10:00:00.000Z',
      updatedAt: '2099-11-27T10:00:00.000Z',
      decidedAt: null,
      version: 1,
    };
    const update = jest.spyOn(api, 'updateDoctorProfile').mockResolvedValue({
      data: { ...approvedRecord, consultationFee: 180 },
      changeRequest,
    } as never);
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    await screen.findByRole('heading', { name: MESSAGES.profileEditorTitle });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.profileSaveButton }));
    await alertSays(MESSAGES.profileNoChanges);
    expect(update).not.toHaveBeenCalled();
    type('Consultation fee (USD) *', '180');
    type('License number *', 'LIC-2');
    await screen.findByText(MESSAGES.profileReviewWarning);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Heart failure' }));
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.profileSaveButton }));
    // Nothing is sent before the doctor confirms that an admin reviews the change.
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.profileChangeConfirmTitle });
    expect(dialog.textContent).toContain('licence number');
    expect(update).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.profileChangeConfirm }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('doc-1', {
        consultationFee: 180,
        licenseNumber: 'LIC-2',
        subSpecialties: ['Echocardiography', 'Heart failure'],
      }),
    );
    expect(await screen.findByText(MESSAGES.profileChangeRequested)).toBeTruthy();
    expect(await screen.findByText(/Pending review: licence number .* → LIC-2/)).toBeTruthy();
  });

  it('shows a failed load as an alert and the schedule editor still loads', async () => {
    jest.spyOn(api, 'providerOverview').mockRejectedValue(new ApiError(403, 'Not a provider.'));
    jest.spyOn(api, 'providerAppointments').mockResolvedValue(NO_APPOINTMENTS);
    jest.spyOn(api, 'providerSchedule').mockResolvedValue(schedule);
    renderWithQuery(<ProviderDashboardPage {...({} as RemotePageProps)} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Not a provider.');
    expect(await screen.findByRole('heading', { name: 'Weekly schedule' })).toBeTruthy();
  });

  it('saves the schedule through a mutation; the form then shows what the server saved', async () => {
    jest.spyOn(api, 'providerOverview').mockResolvedValue({} as never);
    jest.spyOn(api, 'providerAppointments').mockResolvedValue(NO_APPOINTMENTS);
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
