import { DOCTOR_SPECIALTIES } from '../doctors/application-rules.js';
import { DOCTOR_SUB_SPECIALTIES } from '../doctors/sub-specialties.js';
import { MESSAGES } from '@medora/shared/messages';
import {
  applicationDecisionSchema,
  doctorApplicationFormSchema,
  doctorApplicationSchema,
  doctorApplicationStepSchemas,
  doctorProfileUpdateSchema,
  providerScheduleSchema,
  versionFromIfMatch,
} from './doctors.js';

const APPLICATION = {
  name: 'Dr. Ada',
  phone: '5551234567',
  gender: 'Female',
  dob: '1980-01-02',
  specialty: 'Cardiology',
  qualification: 'MD',
  experience: 12,
  licenseNumber: 'LIC-1',
  clinic: 'Heart Clinic',
  clinicAddress: { city: 'Boston', state: 'MA' },
};

const firstMessage = (change: object) => {
  const result = doctorApplicationSchema.safeParse({ ...APPLICATION, ...change });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('doctorApplicationSchema', () => {
  it('accepts the spec’s 16 specialties and nothing else', () => {
    expect(DOCTOR_SPECIALTIES).toHaveLength(16);
    for (const specialty of DOCTOR_SPECIALTIES) expect(firstMessage({ specialty })).toBeNull();
    expect(firstMessage({ specialty: 'cardiology' })).toBe(MESSAGES.specialtyInvalid);
  });

  it('refuses CR/LF and control characters in its text fields, as the account name does', () => {
    for (const change of [
      { name: 'Dr. Ada\r\nBcc: x@evil.test' },
      { qualification: 'MD\nPhD' },
      { licenseNumber: 'LIC-1\rLIC-2' },
      { clinic: 'Heart\u0000Clinic' },
      { clinicAddress: { city: 'Boston\nCambridge', state: 'MA' } },
      { bio: 'Kind\u0007' },
    ]) {
      expect([change, firstMessage(change)]).toEqual([change, MESSAGES.applicationTextInvalid]);
    }
    // A bio is several lines.
    expect(firstMessage({ bio: 'Twenty years in cardiology.\r\nSpeaks French.' })).toBeNull();
  });

  it('takes 10 to 15 digits as a phone, separators allowed', () => {
    expect(firstMessage({ phone: '+1 (555) 123-4567' })).toBeNull();
    expect(firstMessage({ phone: '123456789012345' })).toBeNull();
    for (const phone of ['abc', '555-1234', '1234567890123456', '555 123 4567 x12'])
      expect([phone, firstMessage({ phone })]).toEqual([phone, MESSAGES.phoneInvalid]);
  });

  it('takes a real past birth date YYYY-MM-DD only', () => {
    for (const dob of ['2999-01-01', '1980-02-30', '1980-1-2', '02/01/1980', '1800-01-01'])
      expect([dob, firstMessage({ dob })]).toEqual([dob, MESSAGES.dobInvalid]);
  });

  it('does not coerce numbers or booleans', () => {
    for (const experience of [true, '0x10', '', '12', null])
      expect([experience, firstMessage({ experience })]).toEqual([experience, MESSAGES.numberExpected]);
    expect(firstMessage({ consultationFee: '150' })).toBe(MESSAGES.numberExpected);
    expect(firstMessage({ acceptingNewPatients: 'false' })).not.toBeNull();
    expect(firstMessage({ experience: 81 })).toBe(MESSAGES.requiredFields);
  });
});

describe('doctorApplicationFormSchema (the page and the API, one set of rules)', () => {
  const FORM = {
    ...APPLICATION,
    experience: '12',
    subSpecialties: [],
    npiNumber: '',
    bio: '',
    street: '',
    city: 'Boston',
    state: 'MA',
    zipCode: '',
    consultationFee: '150',
    consultationDuration: '30',
    languages: 'English, Spanish',
    acceptingNewPatients: true,
  };
  const formMessage = (change: object) => {
    const result = doctorApplicationFormSchema.safeParse({ ...FORM, ...change });
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('reads the typed numbers and the comma-separated languages', () => {
    expect(doctorApplicationFormSchema.parse(FORM)).toMatchObject({
      experience: 12,
      consultationFee: 150,
      languages: ['English', 'Spanish'],
    });
  });

  it('answers a bad value with the message the API gives for it', () => {
    for (const [form, api] of [
      [{ phone: 'abc' }, { phone: 'abc' }],
      [{ dob: '2999-01-01' }, { dob: '2999-01-01' }],
      [{ specialty: 'cardiology' }, { specialty: 'cardiology' }],
      [{ experience: '81' }, { experience: 81 }],
      [{ consultationFee: '-1' }, { consultationFee: -1 }],
      [{ consultationDuration: '4' }, { consultationDuration: 4 }],
      [{ clinic: ' ' }, { clinic: ' ' }],
      [{ city: '' }, { clinicAddress: { city: '', state: 'MA' } }],
    ] as const) {
      expect([form, formMessage(form)]).toEqual([form, firstMessage(api)]);
    }
  });

  it('says a negative fee is negative, not missing', () => {
    expect(formMessage({ consultationFee: '-1' })).toBe(MESSAGES.consultationFeeNegative);
  });

  it('takes a blank required input as a missing field', () => {
    for (const field of ['specialty', 'experience', 'consultationFee', 'languages']) {
      expect(formMessage({ [field]: ' ' })).toBe(MESSAGES.requiredFields);
    }
  });
});

describe('providerScheduleSchema', () => {
  it('normalises every slot to the canonical hh:mm AM/PM', () => {
    const parsed = providerScheduleSchema.parse({
      availableDays: ['Monday'],
      timeSlots: { Monday: ['9:00 am', ' 10:30PM ', '09:00 AM'] },
      timeZone: 'UTC',
    });
    expect(parsed.timeSlots?.Monday).toEqual(['09:00 AM', '10:30 PM', '09:00 AM']);
  });
});

describe('decision versions', () => {
  it('reads a version from the body or an If-Match ETag', () => {
    expect(applicationDecisionSchema.parse(undefined)).toEqual({});
    expect(applicationDecisionSchema.parse({ version: 3 })).toEqual({ version: 3 });
    expect(applicationDecisionSchema.safeParse({ version: '3' }).success).toBe(false);
    expect(versionFromIfMatch('"3"')).toBe(3);
    expect(versionFromIfMatch('W/"3"')).toBe(3);
    expect(versionFromIfMatch('*')).toBeNull();
    expect(versionFromIfMatch('"0"')).toBeNull();
  });
});

describe('sub-specialties', () => {
  it('has options for each of the 16 specialties, written once', () => {
    expect(Object.keys(DOCTOR_SUB_SPECIALTIES).sort()).toEqual([...DOCTOR_SPECIALTIES].sort());
    for (const options of Object.values(DOCTOR_SUB_SPECIALTIES)) {
      expect(options.length).toBeGreaterThanOrEqual(2);
      expect(new Set(options).size).toBe(options.length);
    }
  });

  it('takes the specialty’s own (list or comma-separated) and refuses others and free text', () => {
    expect(firstMessage({ subSpecialties: ['Echocardiography'] })).toBeNull();
    expect(
      doctorApplicationSchema.parse({ ...APPLICATION, subSpecialties: 'Echocardiography, Heart failure' }),
    ).toMatchObject({ subSpecialties: ['Echocardiography', 'Heart failure'] });
    expect(firstMessage({ subSpecialties: ['Epilepsy'] })).toBe(MESSAGES.subSpecialtyInvalid);
    expect(firstMessage({ subSpecialties: 'anything at all' })).toBe(MESSAGES.subSpecialtyInvalid);
    expect(firstMessage({ specialty: 'Neurology', subSpecialties: ['Epilepsy'] })).toBeNull();
  });

  it('checks the onboarding step with the same rule', () => {
    const step = doctorApplicationStepSchemas.professional;
    const base = {
      specialty: 'Cardiology',
      qualification: 'MD',
      experience: '3',
      licenseNumber: 'L',
      npiNumber: '',
      bio: '',
    };
    expect(step.safeParse({ ...base, subSpecialties: ['Heart failure'] }).success).toBe(true);
    const wrong = step.safeParse({ ...base, subSpecialties: ['Glaucoma'] });
    expect(wrong.success ? null : wrong.error.issues[0]!.message).toBe(MESSAGES.subSpecialtyInvalid);
  });
});

describe('doctorProfileUpdateSchema', () => {
  const message = (body: object) => {
    const result = doctorProfileUpdateSchema.safeParse(body);
    return result.success ? null : result.error.issues[0]!.message;
  };
  it('takes any subset of the editable fields and refuses an empty body and status fields', () => {
    expect(message({ bio: 'Hi' })).toBeNull();
    expect(message({ consultationFee: 90, acceptingNewPatients: false })).toBeNull();
    expect(message({})).toBe(MESSAGES.profileNoChanges);
    expect(message({ verificationStatus: 'approved' })).not.toBeNull();
    expect(message({ consultationFee: '90' })).toBe(MESSAGES.numberExpected);
    expect(message({ specialty: 'Neurology', subSpecialties: ['Echocardiography'] })).toBe(
      MESSAGES.subSpecialtyInvalid,
    );
    expect(message({ languages: [] })).toBe(MESSAGES.requiredFields);
  });
});
