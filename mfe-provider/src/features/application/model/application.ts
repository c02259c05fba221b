import {
  CREDENTIAL_UPLOAD_EXTENSIONS,
  MAX_EXPERIENCE_YEARS,
  MAX_UPLOAD_BYTES,
  extensionOf,
  MESSAGES,
  isDoctorSpecialty,
  isPastBirthDate,
  isValidPhone,
  type CreateDoctorInput,
  type CredentialType,
  type DoctorRecord,
} from '@medora/shared';

/** Spec §9 doctor defaults (mirrors DOCTOR_DEFAULTS of the schemas entry, which carries zod). */
export const DEFAULT_FEE = '150';
export const DEFAULT_DURATION = '30';
export const DEFAULT_LANGUAGES = 'English';

export interface ApplicationForm {
  name: string;
  phone: string;
  gender: string;
  dob: string;
  specialty: string;
  subSpecialties: string;
  qualification: string;
  experience: string;
  licenseNumber: string;
  npiNumber: string;
  bio: string;
  clinic: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  consultationFee: string;
  consultationDuration: string;
  languages: string;
  acceptingNewPatients: boolean;
}

export const EMPTY_FORM: ApplicationForm = {
  name: '',
  phone: '',
  gender: '',
  dob: '',
  specialty: '',
  subSpecialties: '',
  qualification: '',
  experience: '',
  licenseNumber: '',
  npiNumber: '',
  bio: '',
  clinic: '',
  street: '',
  city: '',
  state: '',
  zipCode: '',
  consultationFee: DEFAULT_FEE,
  consultationDuration: DEFAULT_DURATION,
  languages: DEFAULT_LANGUAGES,
  acceptingNewPatients: true,
};

/** The documents of the Upload Documents step: one file each, or several for the optional lists. */
export interface ApplicationFiles {
  degree: File | null;
  license: File | null;
  identity: File | null;
  address: File | null;
  certification: File[];
  experience: File[];
}

export const EMPTY_FILES: ApplicationFiles = {
  degree: null,
  license: null,
  identity: null,
  address: null,
  certification: [],
  experience: [],
};

export type StepId = 'personal' | 'professional' | 'clinic' | 'consultation' | 'documents';

export const STEP_TITLES: Record<StepId, string> = {
  personal: 'Personal Information',
  professional: 'Professional Details',
  clinic: 'Clinic Information',
  consultation: 'Consultation Details',
  documents: 'Upload Documents',
};

/** Signup: the spec's four steps; /doctor-onboarding: the five labels, all rendered (issue 7). */
export const SIGNUP_STEPS: StepId[] = ['personal', 'professional', 'clinic', 'documents'];
export const ONBOARDING_STEPS: StepId[] = ['personal', 'professional', 'clinic', 'consultation', 'documents'];

const blank = (v: string) => v.trim() === '';

/**
 * Spec §5 Doctor onboarding: the message of the first problem of a step, or null when it may go on.
 * Phone, birth date and specialty follow the server's rules (@medora/shared application rules).
 */
export function validateStep(step: StepId, form: ApplicationForm, files: ApplicationFiles): string | null {
  switch (step) {
    case 'personal':
      if ([form.name, form.phone, form.gender, form.dob].some(blank)) return MESSAGES.requiredFields;
      if (!isValidPhone(form.phone)) return MESSAGES.phoneInvalid;
      return isPastBirthDate(form.dob) ? null : MESSAGES.dobInvalid;
    case 'professional': {
      if ([form.specialty, form.qualification, form.experience, form.licenseNumber].some(blank)) {
        return MESSAGES.requiredFields;
      }
      if (!isDoctorSpecialty(form.specialty)) return MESSAGES.specialtyInvalid;
      const years = Number(form.experience);
      return Number.isInteger(years) && years >= 0 && years <= MAX_EXPERIENCE_YEARS
        ? null
        : MESSAGES.requiredFields;
    }
    case 'clinic':
      return [form.clinic, form.city, form.state].some(blank) ? MESSAGES.clinicRequired : null;
    case 'consultation': {
      const fee = Number(form.consultationFee);
      const duration = Number(form.consultationDuration);
      if (blank(form.consultationFee) || blank(form.consultationDuration) || blank(form.languages)) {
        return MESSAGES.requiredFields;
      }
      return Number.isFinite(fee) && fee >= 0 && Number.isInteger(duration) && duration >= 5
        ? null
        : MESSAGES.requiredFields;
    }
    case 'documents':
      return files.degree && files.license && files.identity ? null : MESSAGES.doctorDocumentsRequired;
  }
}

/** A chosen file that is not a .pdf/.jpg/.jpeg/.png or larger than 10 MB, with its message. */
export function checkDocument(file: File): string | null {
  if (!CREDENTIAL_UPLOAD_EXTENSIONS.includes(extensionOf(file.name))) return MESSAGES.credentialTypeInvalid;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLargeServer;
  return null;
}

/** The `POST /api/doctors` body; status fields are the server's and are not sent. */
export function toApplication(uid: string, email: string | null, form: ApplicationForm): CreateDoctorInput {
  const languages = form.languages
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    uid,
    data: {
      name: form.name.trim(),
      email: email ?? undefined,
      phone: form.phone.trim(),
      gender: form.gender,
      dob: form.dob,
      specialty: form.specialty as CreateDoctorInput['data']['specialty'],
      subSpecialties: form.subSpecialties.trim() || undefined,
      qualification: form.qualification.trim(),
      experience: Number(form.experience),
      licenseNumber: form.licenseNumber.trim(),
      npiNumber: form.npiNumber.trim() || undefined,
      bio: form.bio.trim() || undefined,
      clinic: form.clinic.trim(),
      clinicAddress: {
        street: form.street.trim() || undefined,
        city: form.city.trim(),
        state: form.state.trim(),
        zipCode: form.zipCode.trim() || undefined,
      },
      consultationFee: Number(form.consultationFee || DEFAULT_FEE),
      consultationDuration: Number(form.consultationDuration || DEFAULT_DURATION),
      languages: languages.length ? languages : [DEFAULT_LANGUAGES],
      acceptingNewPatients: form.acceptingNewPatients,
    },
  };
}

/** A rejected application's values, to correct and resubmit. */
export function formFromRecord(record: DoctorRecord): ApplicationForm {
  return {
    ...EMPTY_FORM,
    name: record.name,
    phone: record.phone ?? '',
    gender: record.gender ?? '',
    dob: record.dob ?? '',
    specialty: record.specialty,
    subSpecialties: record.subSpecialties.join(', '),
    qualification: record.qualification ?? '',
    experience: record.experience === null ? '' : String(record.experience),
    licenseNumber: record.licenseNumber ?? '',
    npiNumber: record.npiNumber ?? '',
    bio: record.bio ?? '',
    clinic: record.clinic,
    street: record.clinicAddress?.street ?? '',
    city: record.clinicAddress?.city ?? '',
    state: record.clinicAddress?.state ?? '',
    zipCode: record.clinicAddress?.zipCode ?? '',
    consultationFee: String(record.consultationFee),
    consultationDuration: String(record.consultationDuration),
    languages: record.languages.join(', '),
    acceptingNewPatients: record.acceptingNewPatients,
  };
}

/** Every chosen document with its credential type, in upload order. */
export function credentialUploads(files: ApplicationFiles): { type: CredentialType; file: File }[] {
  const single = (['degree', 'license', 'identity', 'address'] as const).flatMap((type) =>
    files[type] ? [{ type, file: files[type] }] : [],
  );
  return [
    ...single,
    ...files.certification.map((file) => ({ type: 'certification' as const, file })),
    ...files.experience.map((file) => ({ type: 'experience' as const, file })),
  ];
}
