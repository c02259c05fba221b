import { dashboardPathFor } from '../../../model/dashboard-path';
import {
  resolveLoginDestination,
  resolveVerifiedDestination,
  routeAfterLogin,
  type DoctorLookup,
} from './login-routing';

const approved: DoctorLookup = { kind: 'found', onboardingCompleted: true, verificationStatus: 'approved' };

describe('resolveLoginDestination (docs/product.md#login-routing)', () => {
  it.each(['doctor', 'provider'] as const)(
    'sends an onboarded, approved %s to /provider-dashboard',
    (role) => {
      expect(resolveLoginDestination({ role, viaDoctor: false, doctor: approved })).toBe(
        '/provider-dashboard',
      );
    },
  );

  it.each([
    ['no doctor record', { kind: 'missing' }],
    ['a lookup error', { kind: 'error' }],
    [
      'onboarding not completed',
      { kind: 'found', onboardingCompleted: false, verificationStatus: 'approved' },
    ],
    ['a pending application', { kind: 'found', onboardingCompleted: true, verificationStatus: 'pending' }],
    ['a rejected application', { kind: 'found', onboardingCompleted: true, verificationStatus: 'rejected' }],
    ['no status', { kind: 'found', onboardingCompleted: true, verificationStatus: null }],
    [
      'an approved application an admin suspended',
      { kind: 'found', onboardingCompleted: true, verificationStatus: 'approved', suspended: true },
    ],
  ] as [string, DoctorLookup][])('sends a doctor or provider with %s to /doctor-onboarding', (_n, doctor) => {
    expect(resolveLoginDestination({ role: 'doctor', viaDoctor: false, doctor })).toBe('/doctor-onboarding');
    expect(resolveLoginDestination({ role: 'provider', viaDoctor: false, doctor })).toBe(
      '/doctor-onboarding',
    );
  });

  it('sends a doctor with no lookup at all to /doctor-onboarding', () => {
    expect(resolveLoginDestination({ role: 'doctor', viaDoctor: false })).toBe('/doctor-onboarding');
  });

  it('sends a patient arriving via a doctor to /form, whatever the patient lookup says', () => {
    expect(resolveLoginDestination({ role: 'patient', viaDoctor: true, patient: 'found' })).toBe('/form');
    expect(resolveLoginDestination({ role: 'patient', viaDoctor: true })).toBe('/form');
  });

  it('sends a patient with a profile to /dashboard', () => {
    expect(resolveLoginDestination({ role: 'patient', viaDoctor: false, patient: 'found' })).toBe(
      '/dashboard',
    );
  });

  it('sends a patient whose lookup returns 404 to /form', () => {
    expect(resolveLoginDestination({ role: 'patient', viaDoctor: false, patient: 'missing' })).toBe('/form');
  });

  it('sends a patient whose lookup fails otherwise to /dashboard', () => {
    expect(resolveLoginDestination({ role: 'patient', viaDoctor: false, patient: 'error' })).toBe(
      '/dashboard',
    );
  });

  it('sends an admin to /admin (our role beyond the spec)', () => {
    expect(resolveLoginDestination({ role: 'admin', viaDoctor: true })).toBe('/admin');
  });
});

describe('resolveVerifiedDestination', () => {
  it('sends doctors and providers to onboarding and patients to the intake form', () => {
    expect(resolveVerifiedDestination('doctor')).toBe('/doctor-onboarding');
    expect(resolveVerifiedDestination('provider')).toBe('/doctor-onboarding');
    expect(resolveVerifiedDestination('patient')).toBe('/form');
  });
});

describe('routeAfterLogin', () => {
  const none = { admin: false, providerDashboard: false };
  const deps = () => ({
    uid: 'u1',
    viaDoctor: false,
    access: none,
    lookupDoctor: jest.fn(async (): Promise<DoctorLookup> => ({ kind: 'missing' })),
    lookupPatient: jest.fn(async () => 'found' as const),
  });

  it('looks up the patient for a patient only', async () => {
    const d = deps();
    expect(await routeAfterLogin({ ...d, role: 'patient' })).toBe('/dashboard');
    expect(d.lookupPatient).toHaveBeenCalledWith('u1');
    expect(d.lookupDoctor).not.toHaveBeenCalled();
  });

  it('skips the patient lookup when the patient came via a doctor', async () => {
    const d = deps();
    expect(await routeAfterLogin({ ...d, role: 'patient', viaDoctor: true })).toBe('/form');
    expect(d.lookupPatient).not.toHaveBeenCalled();
  });

  it('trusts the server’s access for an approved provider', async () => {
    const d = deps();
    const access = { admin: false, providerDashboard: true };
    expect(await routeAfterLogin({ ...d, role: 'provider', access })).toBe('/provider-dashboard');
    expect(d.lookupDoctor).not.toHaveBeenCalled();
  });

  it('sends a suspended doctor, whose record still reads approved, to the suspended notice', async () => {
    const d = deps();
    d.lookupDoctor.mockResolvedValue({ ...approved, suspended: true });
    expect(await routeAfterLogin({ ...d, role: 'doctor' })).toBe('/doctor-onboarding');
    d.lookupDoctor.mockResolvedValue({ ...approved, suspended: false });
    expect(await routeAfterLogin({ ...d, role: 'doctor' })).toBe('/provider-dashboard');
  });

  it('looks the doctor record up otherwise', async () => {
    const d = deps();
    expect(await routeAfterLogin({ ...d, role: 'doctor' })).toBe('/doctor-onboarding');
    expect(d.lookupDoctor).toHaveBeenCalledWith('u1');
  });
});

describe('dashboardPathFor and the login routing', () => {
  const access = (admin: boolean, providerDashboard: boolean) => ({ admin, providerDashboard });
  it('agrees with the login routing for every role', () => {
    expect(dashboardPathFor({ role: 'admin', access: access(true, false) })).toBe(
      resolveLoginDestination({ role: 'admin', viaDoctor: false }),
    );
    expect(dashboardPathFor({ role: 'doctor', access: access(false, true) })).toBe(
      resolveLoginDestination({ role: 'doctor', viaDoctor: false, doctor: approved }),
    );
  });
});
