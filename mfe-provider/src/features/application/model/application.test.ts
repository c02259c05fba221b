import { MESSAGES } from '@medora/shared';
import { doctorApplicationStepSchemas } from '@medora/shared/schemas';
import {
  EMPTY_FILES,
  EMPTY_FORM,
  credentialUploads,
  hasRequiredDocuments,
  stepProblem,
  toApplication,
  type ApplicationFiles,
  type ApplicationForm,
  type StepId,
} from './application';

const file = (name: string) => new File(['x'], name);

/** What a step shows: the shared step schema's problems, or the documents rule (as the form applies them). */
function validateStep(step: StepId, form: ApplicationForm, files: ApplicationFiles): string | null {
  if (step === 'documents') return hasRequiredDocuments(files) ? null : MESSAGES.doctorDocumentsRequired;
  const result = doctorApplicationStepSchemas[step].safeParse(form);
  return result.success ? null : stepProblem(result.error.issues.map((i) => i.message));
}

describe('the onboarding validation', () => {
  it('asks for the clinic name, city and state together', () => {
    expect(validateStep('clinic', { ...EMPTY_FORM, clinic: 'A', city: 'B' }, EMPTY_FILES)).toBe(
      MESSAGES.clinicRequired,
    );
    expect(
      validateStep('clinic', { ...EMPTY_FORM, clinic: 'A', city: 'B', state: 'C' }, EMPTY_FILES),
    ).toBeNull();
  });

  it('needs degree, license and identity proof; the rest is optional', () => {
    expect(validateStep('documents', EMPTY_FORM, { ...EMPTY_FILES, degree: file('d.pdf') })).toBe(
      MESSAGES.doctorDocumentsRequired,
    );
    const files = { ...EMPTY_FILES, degree: file('d.pdf'), license: file('l.png'), identity: file('i.jpg') };
    expect(validateStep('documents', EMPTY_FORM, files)).toBeNull();
    expect(
      credentialUploads({ ...files, certification: [file('c1.pdf'), file('c2.pdf')] }).map((u) => u.type),
    ).toEqual(['degree', 'license', 'identity', 'certification', 'certification']);
  });

  it('checks phone, birth date and specialty by the server’s rules', () => {
    const personal = {
      ...EMPTY_FORM,
      name: 'Dr. A',
      phone: '5551234567',
      gender: 'Female',
      dob: '1980-01-02',
    };
    expect(validateStep('personal', personal, EMPTY_FILES)).toBeNull();
    expect(validateStep('personal', { ...personal, phone: 'abc' }, EMPTY_FILES)).toBe(MESSAGES.phoneInvalid);
    expect(validateStep('personal', { ...personal, dob: '2999-01-01' }, EMPTY_FILES)).toBe(
      MESSAGES.dobInvalid,
    );
    const professional = {
      ...EMPTY_FORM,
      specialty: 'Cardiology',
      qualification: 'MD',
      experience: '3',
      licenseNumber: 'L',
    };
    expect(validateStep('professional', professional, EMPTY_FILES)).toBeNull();
    expect(validateStep('professional', { ...professional, specialty: 'cardiology' }, EMPTY_FILES)).toBe(
      MESSAGES.specialtyInvalid,
    );
    expect(validateStep('professional', { ...professional, experience: '81' }, EMPTY_FILES)).toBe(
      MESSAGES.requiredFields,
    );
    expect(validateStep('professional', { ...professional, specialty: '' }, EMPTY_FILES)).toBe(
      MESSAGES.requiredFields,
    );
    // A missing field is reported before a malformed one, as before the shared schema.
    expect(validateStep('personal', { ...personal, phone: 'abc', gender: '' }, EMPTY_FILES)).toBe(
      MESSAGES.requiredFields,
    );
    expect(toApplication('u1', null, professional).data.experience).toBe(3);
  });

  it('checks the consultation by the API’s number rules: blank, negative or too short is refused', () => {
    const consultation = { ...EMPTY_FORM };
    expect(validateStep('consultation', consultation, EMPTY_FILES)).toBeNull();
    // A negative fee is not a missing field: its own message.
    expect(validateStep('consultation', { ...consultation, consultationFee: '-1' }, EMPTY_FILES)).toBe(
      MESSAGES.consultationFeeNegative,
    );
    for (const change of [
      { consultationFee: '' },
      { consultationDuration: '4' },
      { consultationDuration: '7.5' },
      { languages: ' ' },
    ]) {
      expect(validateStep('consultation', { ...consultation, ...change }, EMPTY_FILES)).toBe(
        MESSAGES.requiredFields,
      );
    }
  });

  it('sends the doctor defaults and never a status field', () => {
    const body = toApplication('u1', 'a@b.c', { ...EMPTY_FORM, experience: '4', languages: '' });
    expect(body.data).toMatchObject({
      consultationFee: 150,
      consultationDuration: 30,
      languages: ['English'],
      acceptingNewPatients: true,
    });
    expect(Object.keys(body.data)).not.toContain('verificationStatus');
  });
});
