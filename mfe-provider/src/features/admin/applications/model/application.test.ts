import { APPLICATION_QUEUES, MESSAGES, type DoctorApplication } from '@medora/shared';
import { QUEUE_LABELS, doneMessage, facts } from './application';

const app = {
  id: 'app-1',
  name: 'Dr. Model',
  applicantRole: 'provider',
  specialty: 'Cardiology',
  subSpecialties: ['Echocardiography'],
  qualification: 'MD',
  experience: 4,
  licenseNumber: 'LIC-1',
  npiNumber: '1234567890',
  clinic: 'Clinic',
  clinicAddress: { street: '1 Main St', city: 'Boston', state: 'MA', zipCode: '02101' },
  consultationFee: 150,
  consultationDuration: 30,
  languages: ['English', 'Spanish'],
  acceptingNewPatients: false,
  bio: 'Twenty years of hearts.',
  suspension: null,
  schedule: null,
} as unknown as DoctorApplication;

describe('an application as the admin reviews it', () => {
  it('lists the facts in review order, the role first and the bio last', () => {
    const rows = facts(app);
    expect(rows.map(([label]) => label)).toEqual([
      MESSAGES.adminFactAppliesAs,
      MESSAGES.adminFactSpecialty,
      MESSAGES.adminFactQualification,
      MESSAGES.adminFactLicense,
      MESSAGES.adminFactClinic,
      MESSAGES.adminFactConsultation,
      MESSAGES.adminFactBio,
    ]);
    expect(Object.fromEntries(rows)).toMatchObject({
      [MESSAGES.adminFactAppliesAs]: MESSAGES.adminApplicantProvider,
      [MESSAGES.adminFactSpecialty]: 'Cardiology (Echocardiography)',
      [MESSAGES.adminFactLicense]: 'LIC-1 / 1234567890',
      [MESSAGES.adminFactClinic]: 'Clinic, 1 Main St, Boston, MA, 02101',
    });
  });

  it('adds the suspension, and leaves out a role and a bio it does not have', () => {
    const suspended = {
      ...app,
      applicantRole: null,
      bio: null,
      suspension: { at: '2026-01-01T00:00:00.000Z', reason: 'Licence lapsed' },
    } as unknown as DoctorApplication;
    const labels = facts(suspended).map(([label]) => label);
    expect(labels[0]).toBe(MESSAGES.adminFactSpecialty);
    expect(labels.at(-1)).toBe(MESSAGES.adminFactSuspended);
    expect(facts(suspended).at(-1)![1]).toContain('Licence lapsed');
  });

  it('says whether an approved doctor is bookable now or once they set weekly hours', () => {
    expect(doneMessage({ kind: 'approve', app })).toBe(
      MESSAGES.adminApprovedNoHours.replace('{name}', 'Dr. Model'),
    );
    const withHours = { ...app, schedule: { availableDays: ['monday'] } } as unknown as DoctorApplication;
    expect(doneMessage({ kind: 'approve', app: withHours })).toBe(
      MESSAGES.adminApproved.replace('{name}', 'Dr. Model'),
    );
  });

  it('labels every queue, in the queues’ order', () => {
    expect(Object.keys(QUEUE_LABELS)).toEqual([...APPLICATION_QUEUES]);
  });
});
