import {
  MESSAGES,
  REQUIRED_CREDENTIAL_TYPES,
  type CreateDoctorInput,
  type CredentialType,
  type DoctorApplicationForm,
  type DoctorRecord,
} from '@medora/shared';
import { keptSubSpecialties, profileForm } from '../../../model/doctor-profile';

/** A new doctor's defaults (mirrors DOCTOR_DEFAULTS of the schemas entry, which carries zod). */
export const DEFAULT_FEE = '150';
export const DEFAULT_DURATION = '30';
export const DEFAULT_LANGUAGES = 'English';

/** The form's values as typed; `doctorApplicationFormSchema` of `@medora/shared/schemas` checks them. */
export type ApplicationForm = DoctorApplicationForm;

export const EMPTY_FORM: ApplicationForm = {
  name: '',
  phone: '',
  gender: '',
  dob: '',
  specialty: '',
  subSpecialties: [],
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
  personal: MESSAGES.applicationStepPersonal,
  professional: MESSAGES.applicationStepProfessional,
  clinic: MESSAGES.applicationStepClinic,
  consultation: MESSAGES.applicationStepConsultation,
  documents: MESSAGES.applicationStepDocuments,
};

/** Signup: four steps; /doctor-onboarding: the five labels, all rendered. */
export const SIGNUP_STEPS: StepId[] = ['personal', 'professional', 'clinic', 'documents'];
export const ONBOARDING_STEPS: StepId[] = ['personal', 'professional', 'clinic', 'consultation', 'documents'];

/**
 * The one message a step shows for its field problems (one per field, in field order): a missing
 * field first, as the API's order of checks would report it, else the first problem.
 */
export function stepProblem(messages: (string | undefined)[]): string | null {
  const found = messages.filter((m): m is string => Boolean(m));
  return found.includes(MESSAGES.requiredFields) ? MESSAGES.requiredFields : (found[0] ?? null);
}

/** The Upload Documents step: the required credentials are all chosen. */
export function hasRequiredDocuments(files: ApplicationFiles): boolean {
  return REQUIRED_CREDENTIAL_TYPES.every((type) => files[type] !== null);
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
      subSpecialties: form.subSpecialties.length ? [...form.subSpecialties] : undefined,
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
    ...profileForm(record),
    name: record.name,
    phone: record.phone ?? '',
    gender: record.gender ?? '',
    dob: record.dob ?? '',
    subSpecialties: keptSubSpecialties(record.specialty, record.subSpecialties),
    qualification: record.qualification ?? '',
    experience: record.experience === null ? '' : String(record.experience),
    npiNumber: record.npiNumber ?? '',
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
