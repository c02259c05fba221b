import { randomUUID } from 'node:crypto';
import type {
  AllergyIntolerance,
  Appointment as FhirAppointment,
  Bundle,
  BundleEntry,
  CodeableConcept,
  Condition,
  DocumentReference,
  FhirResource,
  MedicationStatement,
  Observation,
  Patient,
  Procedure,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
} from 'fhir/r4.js';
import {
  ALL_QUESTIONS,
  ALLERGY_FHIR,
  APPOINTMENT_STATUS_FHIR,
  CONDITION_FHIR,
  DOCUMENT_SUFFIX,
  documentTypeLabel,
  FOLLOW_UP_VISIT_QUESTIONS,
  GENDER_FHIR,
  healthRecordLists,
  LOINC_SYSTEM,
  MEDORA_UID_SYSTEM,
  SNOMED_SYSTEM,
  UCUM_SYSTEM,
  VITAL_FHIR,
  type AppointmentStatus,
  type FhirCode,
  type IntakeAnswers,
  type RecordMeasures,
} from '@medora/shared';
import { DEFAULT_CONSULTATION_MINUTES } from '../common/appointment-ics.js';
import { downloadPath } from '../documents/documents.service.js';

/**
 * A patient's record as a FHIR R4 `Bundle` of type `collection` (docs/product.md#exports). Pure: the
 * repository reads the rows in one statement, this maps them; codes come from the shared table
 * (`shared/src/fhir/codes.ts`), the clinical lists from `healthRecordLists`.
 */

export interface FhirExportRows {
  uid: string;
  email: string | null;
  profile: { data: IntakeAnswers; updatedAt: Date } | null;
  visits: { id: string; kind: string; reason: string; data: IntakeAnswers; visitedAt: Date }[];
  appointments: {
    id: string;
    startsAt: Date;
    status: AppointmentStatus;
    clinic: string;
    specialty: string;
    doctorName: string;
    cancelReason: string | null;
  }[];
  documents: {
    id: string;
    name: string;
    type: string;
    contentType: string | null;
    size: number | null;
    uploadedAt: Date;
    hasFile: boolean;
  }[];
  /** The confirmed medicine list (My medicines); when it holds any, it replaces the intake's medicines. */
  medications?: ConfirmedMedication[];
}

/** A confirmed medicine of the patient's list, as the export reads it. */
export interface ConfirmedMedication {
  name: string;
  strength: string | null;
  dose: string | null;
  frequency: string | null;
  status: 'taking' | 'paused' | 'stopped';
  startedOn: string | null;
  statusOn: string | null;
  confirmedAt: string;
}

const urn = (id: string) => `urn:uuid:${id}`;
const snomed = (c: FhirCode, text: string): CodeableConcept => ({
  coding: [{ system: SNOMED_SYSTEM, code: c.code, display: c.display }],
  text,
});
const textOnly = (text: string): CodeableConcept => ({ text });
const clinical = (system: string, code: string): CodeableConcept => ({ coding: [{ system, code }] });

const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const ALLERGY_CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const ALLERGY_VERIFICATION = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** Labels of every question a visit can answer, for the QuestionnaireResponse items. */
const QUESTION_LABELS = new Map<string, string>(
  [...ALL_QUESTIONS, ...FOLLOW_UP_VISIT_QUESTIONS].map((q) => [q.field, q.label]),
);

const MEDICATION_STATUS_FHIR = { taking: 'active', paused: 'on-hold', stopped: 'stopped' } as const;

/**
 * The MedicationStatements: one per medicine of the confirmed list when it holds any (its status, dosage
 * and when it was taken), else one per medicine the intake named (active, as reported).
 */
function medicationStatements(
  confirmed: readonly ConfirmedMedication[],
  intake: readonly string[],
  subject: Reference,
  recorded: string,
): MedicationStatement[] {
  if (confirmed.length === 0) {
    return intake.map((m) => ({
      resourceType: 'MedicationStatement',
      status: 'active',
      medicationCodeableConcept: textOnly(m),
      subject,
      dateAsserted: recorded,
    }));
  }
  return confirmed.map((m) => {
    const dosage = [m.dose, m.frequency].filter(Boolean).join(', ');
    const end = m.status === 'stopped' ? m.statusOn : null;
    const effective = end
      ? { effectivePeriod: { ...(m.startedOn ? { start: m.startedOn } : {}), end } }
      : m.startedOn
        ? { effectiveDateTime: m.startedOn }
        : {};
    return {
      resourceType: 'MedicationStatement',
      status: MEDICATION_STATUS_FHIR[m.status],
      medicationCodeableConcept: textOnly([m.name, m.strength].filter(Boolean).join(' ')),
      subject,
      ...effective,
      dateAsserted: new Date(m.confirmedAt).toISOString(),
      ...(dosage ? { dosage: [{ text: dosage }] } : {}),
    };
  });
}

/** A FHIR string must not be empty; answers become one answer per value (numbers stay numbers). */
function answersOf(value: unknown): QuestionnaireResponseItemAnswer[] {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return [Number.isInteger(value) ? { valueInteger: value } : { valueDecimal: value }];
  }
  if (typeof value === 'string') return value.trim() ? [{ valueString: value.trim() }] : [];
  if (Array.isArray(value)) return value.flatMap(answersOf);
  return [];
}

function visitItems(data: IntakeAnswers): QuestionnaireResponseItem[] {
  return Object.entries(data).flatMap(([field, value]): QuestionnaireResponseItem[] => {
    if (field.endsWith(DOCUMENT_SUFFIX)) return [];
    const answer = answersOf(value);
    if (answer.length === 0) return [];
    return [{ linkId: field, text: QUESTION_LABELS.get(field) ?? field, answer }];
  });
}

function vitals(measures: RecordMeasures, subject: Reference, effective: string): Observation[] {
  const values: [keyof typeof VITAL_FHIR, number | null][] = [
    ['height', measures.heightCm],
    ['weight', measures.weightKg],
    ['bmi', measures.bmi],
  ];
  return values.flatMap(([key, value]): Observation[] => {
    if (value === null) return [];
    const vital = VITAL_FHIR[key];
    return [
      {
        resourceType: 'Observation',
        status: 'final',
        category: [
          {
            coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }],
          },
        ],
        code: {
          coding: [{ system: LOINC_SYSTEM, code: vital.code, display: vital.display }],
          text: vital.display,
        },
        subject,
        effectiveDateTime: effective,
        valueQuantity: { value, unit: vital.unit, system: UCUM_SYSTEM, code: vital.unit },
      },
    ];
  });
}

/** Builds the Bundle; `newId` makes the urn:uuid of resources without a database id (tests fix it). */
export function buildFhirBundle(
  rows: FhirExportRows,
  now: Date = new Date(),
  newId: () => string = randomUUID,
): Bundle {
  const entries: BundleEntry[] = [];
  const add = (resource: FhirResource, id: string = newId()): Reference => {
    entries.push({ fullUrl: urn(id), resource });
    return { reference: urn(id) };
  };
  const answers = rows.profile?.data ?? {};
  const lists = healthRecordLists(answers);
  const recorded = (rows.profile?.updatedAt ?? now).toISOString();

  const name = typeof answers.name === 'string' ? answers.name.trim() : '';
  const gender = GENDER_FHIR[answers.gender as keyof typeof GENDER_FHIR];
  const dob = typeof answers.dob === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(answers.dob) ? answers.dob : null;
  const patient: Patient = {
    resourceType: 'Patient',
    identifier: [{ system: MEDORA_UID_SYSTEM, value: rows.uid }],
    ...(name ? { name: [{ text: name }] } : {}),
    ...(gender ? { gender } : {}),
    ...(dob ? { birthDate: dob } : {}),
    ...(rows.email ? { telecom: [{ system: 'email', value: rows.email }] } : {}),
  };
  const subject = add(patient);

  for (const a of lists.allergies) {
    const mapped = a.option && a.option !== 'None' ? ALLERGY_FHIR[a.option] : null;
    const allergy: AllergyIntolerance = {
      resourceType: 'AllergyIntolerance',
      clinicalStatus: clinical(ALLERGY_CLINICAL, 'active'),
      // Reported by the patient in the intake, not confirmed by a clinician.
      verificationStatus: clinical(ALLERGY_VERIFICATION, 'unconfirmed'),
      ...(mapped ? { category: [mapped.category] } : {}),
      code: mapped?.snomed ? snomed(mapped.snomed, a.text) : textOnly(a.text),
      patient: subject,
      recordedDate: recorded,
    };
    add(allergy);
  }

  for (const c of lists.conditions) {
    const code = c.option && c.option !== 'None' ? CONDITION_FHIR[c.option] : null;
    const condition: Condition = {
      resourceType: 'Condition',
      clinicalStatus: clinical(CONDITION_CLINICAL, 'active'),
      category: [
        { coding: [{ system: CONDITION_CATEGORY, code: 'problem-list-item', display: 'Problem List Item' }] },
      ],
      code: code ? snomed(code, c.text) : textOnly(c.text),
      subject,
      ...(c.duration ? { onsetString: c.duration } : {}),
      recordedDate: recorded,
    };
    add(condition);
  }

  for (const statement of medicationStatements(
    rows.medications ?? [],
    lists.medications,
    subject,
    recorded,
  )) {
    add(statement);
  }

  for (const s of lists.surgeries) {
    const procedure: Procedure = {
      resourceType: 'Procedure',
      status: 'completed',
      code: textOnly(`${s.text} surgery`),
      subject,
      ...(s.when ? { performedString: s.when } : {}),
      ...(s.bodySites.length ? { bodySite: s.bodySites.map(textOnly) } : {}),
      ...(s.recovery ? { outcome: textOnly(s.recovery) } : {}),
      ...(s.note ? { note: [{ text: s.note }] } : {}),
    };
    add(procedure);
  }

  if (lists.measures) for (const o of vitals(lists.measures, subject, recorded)) add(o);

  for (const v of rows.visits) {
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      subject,
      authored: v.visitedAt.toISOString(),
      item: [
        { linkId: 'reason', text: v.reason || v.kind, answer: [{ valueString: v.reason || v.kind }] },
        ...visitItems(v.data),
      ],
    };
    add(response, v.id);
  }

  for (const a of rows.appointments) {
    const end = new Date(a.startsAt.getTime() + DEFAULT_CONSULTATION_MINUTES * 60_000);
    const appointment: FhirAppointment = {
      resourceType: 'Appointment',
      status: APPOINTMENT_STATUS_FHIR[a.status],
      ...(a.status === 'Cancelled' && a.cancelReason?.trim()
        ? { cancelationReason: textOnly(a.cancelReason.trim()) }
        : {}),
      serviceType: [textOnly(a.specialty)],
      description: `${a.specialty}, ${a.clinic}`,
      start: a.startsAt.toISOString(),
      end: end.toISOString(),
      participant: [
        { actor: subject, status: 'accepted' },
        { actor: { display: a.doctorName }, status: 'accepted' },
      ],
    };
    add(appointment, a.id);
  }

  for (const d of rows.documents) {
    const document: DocumentReference = {
      resourceType: 'DocumentReference',
      status: 'current',
      type: textOnly(documentTypeLabel(d.type)),
      subject,
      date: d.uploadedAt.toISOString(),
      description: d.name,
      content: [
        {
          attachment: {
            title: d.name,
            ...(d.contentType ? { contentType: d.contentType } : {}),
            ...(d.size !== null ? { size: d.size } : {}),
            ...(d.hasFile ? { url: `/api${downloadPath(rows.uid, d.id)}` } : {}),
            creation: d.uploadedAt.toISOString(),
          },
        },
      ],
    };
    add(document, d.id);
  }

  return { resourceType: 'Bundle', type: 'collection', timestamp: now.toISOString(), entry: entries };
}
