import { randomUUID } from 'node:crypto';
import type {
  AllergyIntolerance,
  Appointment as FhirAppointment,
  Bundle,
  BundleEntry,
  CodeableConcept,
  Composition,
  CompositionSection,
  Condition,
  DocumentReference,
  FhirResource,
  MedicationStatement,
  Observation,
  Organization,
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
  CONDITION_DURATION_YEARS,
  healthRecordLists,
  IPS_LOINC,
  LOINC_SYSTEM,
  NONE_KNOWN_FHIR,
  patientIdentifierSystem,
  SNOMED_SYSTEM,
  UCUM_SYSTEM,
  VITAL_FHIR,
  type AppointmentStatus,
  type FhirCode,
  type HealthRecordLists,
  type ImportedItemKind,
  type IntakeAnswers,
  type RecordCondition,
  type RecordMeasures,
} from '@medora/shared';
import { downloadPath } from '../documents/documents.service.js';
import { importedResource, isAbsenceStatement } from './fhir-import.js';

/**
 * A patient's record as a FHIR R4 `Bundle` of type `collection`, or as an International Patient Summary
 * document (docs/product.md#exports). Pure: the repository reads the rows in one statement, this maps
 * them; codes come from the shared table (`shared/src/fhir/codes.ts`), the clinical lists from
 * `healthRecordLists`.
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
    /** The doctor's consultation length, as the .ics of the same appointment has it. */
    minutes: number;
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
  /** Items imported from other systems that the patient confirmed, oldest first. */
  imported?: { kind: ImportedItemKind; resource: Record<string, unknown> }[];
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

/** fullUrl and references are urn:uuid: of the resource's own id (every id is a UUID). */
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
const LIST_EMPTY_REASON = 'http://terminology.hl7.org/CodeSystem/list-empty-reason';
const XHTML = 'http://www.w3.org/1999/xhtml';

/** Labels of every question a visit can answer, for the QuestionnaireResponse items. */
const QUESTION_LABELS = new Map<string, string>(
  [...ALL_QUESTIONS, ...FOLLOW_UP_VISIT_QUESTIONS].map((q) => [q.field, q.label]),
);

const MEDICATION_STATUS_FHIR = { taking: 'active', paused: 'on-hold', stopped: 'stopped' } as const;

/**
 * One MedicationStatement per medicine the patient confirmed on their list (status, dosage text,
 * started / stopped dates); without a confirmed list, what the intake named
 * (`intakeMedicationStatements`). IPS requires `effective[x]`: without a start date, the day the patient
 * confirmed they take it.
 */
function medicationStatements(
  confirmed: readonly ConfirmedMedication[],
  lists: HealthRecordLists,
  subject: Reference,
  recorded: string,
  newId: () => string,
): MedicationStatement[] {
  if (confirmed.length === 0) return intakeMedicationStatements(lists, subject, recorded, newId);
  return confirmed.map((m) => {
    const dosage = [m.dose, m.frequency].filter(Boolean).join(', ');
    const asserted = new Date(m.confirmedAt).toISOString();
    const end = m.status === 'stopped' ? m.statusOn : null;
    const effective = end
      ? { effectivePeriod: { ...(m.startedOn ? { start: m.startedOn } : {}), end } }
      : { effectiveDateTime: m.startedOn ?? asserted };
    return {
      resourceType: 'MedicationStatement',
      id: newId(),
      status: MEDICATION_STATUS_FHIR[m.status],
      medicationCodeableConcept: textOnly([m.name, m.strength].filter(Boolean).join(' ')),
      subject,
      ...effective,
      dateAsserted: asserted,
      informationSource: subject,
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

export interface FhirExportOptions {
  /** The deployment's public origin (PUBLIC_APP_URL): identifier systems and document links. */
  appUrl: string;
  now?: Date;
  /** Makes the id of resources without a database id (tests fix it). */
  newId?: () => string;
}

/** The record's resources by kind, each with its id; both Bundle types are made from these. */
interface RecordResources {
  patient: Patient;
  allergies: AllergyIntolerance[];
  conditions: Condition[];
  medications: MedicationStatement[];
  procedures: Procedure[];
  vitals: Observation[];
  /** Imported observations that are not vital signs (laboratory results and the like). */
  results: Observation[];
  visits: QuestionnaireResponse[];
  appointments: FhirAppointment[];
  documents: DocumentReference[];
}

/** Whole years from `from` (YYYY-MM-DD) to `to`. */
function ageOn(from: string, to: Date): number {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const beforeBirthday = to.getUTCMonth() + 1 < m || (to.getUTCMonth() + 1 === m && to.getUTCDate() < d);
  return to.getUTCFullYear() - y - (beforeBirthday ? 1 : 0);
}

const years = (value: number) => ({ value, unit: 'a', system: UCUM_SYSTEM, code: 'a' });

/**
 * "How long have you had it?" is a time before the answer, not a date: with the birth date it becomes
 * the age at onset as a range in years (onsetRange of Age quantities); without it, a phrase that says
 * what it is relative to.
 */
function onsetOf(c: RecordCondition, dob: string | null, recorded: Date): Partial<Condition> {
  if (!c.duration) return {};
  const bucket = CONDITION_DURATION_YEARS[c.duration as keyof typeof CONDITION_DURATION_YEARS];
  if (bucket && dob) {
    const age = ageOn(dob, recorded);
    const low = bucket.high === null ? null : Math.max(0, age - bucket.high);
    const high = Math.max(0, age - bucket.low);
    return { onsetRange: { ...(low === null ? {} : { low: years(low) }), high: years(high) } };
  }
  return { onsetString: `${c.duration} before ${recorded.toISOString().slice(0, 10)}` };
}

/**
 * The intake's medicines as MedicationStatements: one per named drug (never a kind of medicine), or
 * one "no known medications" when the patient answered None.
 */
export function intakeMedicationStatements(
  lists: HealthRecordLists,
  subject: Reference,
  recorded: string,
  newId: () => string,
): MedicationStatement[] {
  const statement = (medicationCodeableConcept: CodeableConcept): MedicationStatement => ({
    resourceType: 'MedicationStatement',
    id: newId(),
    status: 'active',
    medicationCodeableConcept,
    subject,
    // The patient said they take it when they answered: true at least on that day.
    effectiveDateTime: recorded,
    dateAsserted: recorded,
    informationSource: subject,
  });
  if (lists.drugs.length === 0 && lists.noneKnown.medications) {
    return [statement(snomed(NONE_KNOWN_FHIR.medications, NONE_KNOWN_FHIR.medications.display))];
  }
  return lists.drugs.map((m) => statement(textOnly(m)));
}

const isVitalSign = (o: Observation) =>
  (o.category ?? []).some((c) => c.coding?.some((x) => x.code === 'vital-signs'));

/**
 * The record's own resources of one kind with the confirmed imported ones; a statement that there is
 * none ("No known allergy"), ours or imported, is left out when a real entry of the kind is there.
 */
function withImported<T>(own: T[], imported: T[], codeOf: (r: T) => CodeableConcept | undefined): T[] {
  const all = [...own, ...imported];
  const real = all.filter((r) => !isAbsenceStatement(codeOf(r)));
  if (real.length > 0) return real;
  // Several absence statements of one kind say the same: one is enough.
  return all.slice(0, 1);
}

function recordResources(
  rows: FhirExportRows,
  now: Date,
  newId: () => string,
  appUrl: string,
): RecordResources {
  const answers = rows.profile?.data ?? {};
  const lists = healthRecordLists(answers);
  const recordedAt = rows.profile?.updatedAt ?? now;
  const recorded = recordedAt.toISOString();

  const name = typeof answers.name === 'string' ? answers.name.trim() : '';
  const gender = GENDER_FHIR[answers.gender as keyof typeof GENDER_FHIR];
  const dob = typeof answers.dob === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(answers.dob) ? answers.dob : null;
  const patientId = newId();
  const patient: Patient = {
    resourceType: 'Patient',
    id: patientId,
    identifier: [{ system: patientIdentifierSystem(appUrl), value: rows.uid }],
    ...(name ? { name: [{ text: name }] } : {}),
    ...(gender ? { gender } : {}),
    ...(dob ? { birthDate: dob } : {}),
    ...(rows.email ? { telecom: [{ system: 'email', value: rows.email }] } : {}),
  };
  const subject: Reference = { reference: urn(patientId) };

  const allergy = (code: CodeableConcept, category?: AllergyIntolerance['category']): AllergyIntolerance => ({
    resourceType: 'AllergyIntolerance',
    id: newId(),
    clinicalStatus: clinical(ALLERGY_CLINICAL, 'active'),
    // Reported by the patient in the intake, not confirmed by a clinician.
    verificationStatus: clinical(ALLERGY_VERIFICATION, 'unconfirmed'),
    ...(category ? { category } : {}),
    code,
    patient: subject,
    recordedDate: recorded,
  });
  const allergies = lists.allergies.map((a) => {
    const mapped = a.option && a.option !== 'None' ? ALLERGY_FHIR[a.option] : null;
    return allergy(
      mapped?.snomed ? snomed(mapped.snomed, a.text) : textOnly(a.text),
      mapped ? [mapped.category] : undefined,
    );
  });
  if (allergies.length === 0 && lists.noneKnown.allergies) {
    allergies.push(allergy(snomed(NONE_KNOWN_FHIR.allergies, NONE_KNOWN_FHIR.allergies.display)));
  }

  const condition = (code: CodeableConcept, onset: Partial<Condition>): Condition => ({
    resourceType: 'Condition',
    id: newId(),
    clinicalStatus: clinical(CONDITION_CLINICAL, 'active'),
    category: [
      { coding: [{ system: CONDITION_CATEGORY, code: 'problem-list-item', display: 'Problem List Item' }] },
    ],
    code,
    subject,
    ...onset,
    recordedDate: recorded,
  });
  const conditions = lists.conditions.map((c) => {
    const code = c.option && c.option !== 'None' ? CONDITION_FHIR[c.option] : null;
    return condition(code ? snomed(code, c.text) : textOnly(c.text), onsetOf(c, dob, recordedAt));
  });
  if (conditions.length === 0 && lists.noneKnown.conditions) {
    conditions.push(condition(snomed(NONE_KNOWN_FHIR.conditions, NONE_KNOWN_FHIR.conditions.display), {}));
  }

  const medications = medicationStatements(rows.medications ?? [], lists, subject, recorded, newId);
  const imported = (kind: ImportedItemKind) =>
    (rows.imported ?? [])
      .filter((i) => i.kind === kind)
      .map((i) => importedResource(i, subject, newId(), appUrl));

  const procedures = lists.surgeries.map((s): Procedure => ({
    resourceType: 'Procedure',
    id: newId(),
    status: 'completed',
    code: textOnly(`${s.text} surgery`),
    subject,
    ...(s.when ? { performedString: s.when } : {}),
    ...(s.bodySites.length ? { bodySite: s.bodySites.map(textOnly) } : {}),
    ...(s.recovery ? { outcome: textOnly(s.recovery) } : {}),
    ...(s.note ? { note: [{ text: s.note }] } : {}),
  }));

  const vitalSigns = lists.measures
    ? vitals(lists.measures, subject, recorded).map((o) => ({ ...o, id: newId() }))
    : [];
  const importedObservations = imported('observation') as Observation[];

  const visits = rows.visits.map((v): QuestionnaireResponse => ({
    resourceType: 'QuestionnaireResponse',
    id: v.id,
    status: 'completed',
    subject,
    authored: v.visitedAt.toISOString(),
    item: [
      { linkId: 'reason', text: v.reason || v.kind, answer: [{ valueString: v.reason || v.kind }] },
      ...visitItems(v.data),
    ],
  }));

  const appointments = rows.appointments.map((a): FhirAppointment => {
    const end = new Date(a.startsAt.getTime() + a.minutes * 60_000);
    return {
      resourceType: 'Appointment',
      id: a.id,
      status: APPOINTMENT_STATUS_FHIR[a.status],
      ...(a.status === 'Cancelled' && a.cancelReason?.trim()
        ? { cancelationReason: textOnly(a.cancelReason.trim()) }
        : {}),
      serviceType: [textOnly(a.specialty)],
      description: `${a.specialty}, ${a.clinic}`,
      start: a.startsAt.toISOString(),
      end: end.toISOString(),
      minutesDuration: a.minutes,
      participant: [
        { actor: subject, status: 'accepted' },
        { actor: { display: a.doctorName }, status: 'accepted' },
      ],
    };
  });

  const documents = rows.documents.map((d): DocumentReference => ({
    resourceType: 'DocumentReference',
    id: d.id,
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
          // Absolute, so the link still means something outside Medora; it needs a signed-in session.
          ...(d.hasFile ? { url: `${appUrl}/api${downloadPath(rows.uid, d.id)}` } : {}),
          creation: d.uploadedAt.toISOString(),
        },
      },
    ],
  }));

  return {
    patient,
    allergies: withImported(allergies, imported('allergy') as AllergyIntolerance[], (a) => a.code),
    conditions: withImported(conditions, imported('condition') as Condition[], (c) => c.code),
    medications: withImported(
      medications,
      imported('medication') as MedicationStatement[],
      (m) => m.medicationCodeableConcept,
    ),
    procedures,
    vitals: [...vitalSigns, ...importedObservations.filter(isVitalSign)],
    results: importedObservations.filter((o) => !isVitalSign(o)),
    visits,
    appointments,
    documents,
  };
}

/** An entry whose fullUrl is the urn:uuid of the resource's own id. */
const entryOf = (resource: FhirResource): BundleEntry => ({ fullUrl: urn(resource.id!), resource });

/** The record as a Bundle of type collection: everything Medora holds about the patient. */
export function buildFhirBundle(rows: FhirExportRows, options: FhirExportOptions): Bundle {
  const { now = new Date(), newId = randomUUID, appUrl } = options;
  const r = recordResources(rows, now, newId, appUrl);
  const resources: FhirResource[] = [
    r.patient,
    ...r.allergies,
    ...r.conditions,
    ...r.medications,
    ...r.procedures,
    ...r.vitals,
    ...r.results,
    ...r.visits,
    ...r.appointments,
    ...r.documents,
  ];
  return {
    resourceType: 'Bundle',
    id: newId(),
    type: 'collection',
    timestamp: now.toISOString(),
    entry: resources.map(entryOf),
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The section's human-readable narrative (IPS: section.text 1..1), a list of what its entries say. */
function narrative(lines: string[]): CompositionSection['text'] {
  const items = lines.map((l) => `<li>${escapeXml(l)}</li>`).join('');
  return { status: 'generated', div: `<div xmlns="${XHTML}"><ul>${items}</ul></div>` };
}

const display = (c: CodeableConcept | undefined) => c?.text ?? c?.coding?.[0]?.display ?? '';

/**
 * One IPS section: its entries, or — when the intake was never answered — emptyReason "unavailable"
 * with a narrative that says so (ips-comp-1: entry or emptyReason). An explicit None is an entry
 * (the "no known …" resource), not an emptyReason.
 */
function section(
  title: string,
  code: FhirCode,
  resources: { resource: FhirResource; line: string }[],
  unavailable: string,
): CompositionSection {
  const base = {
    title,
    code: { coding: [{ system: LOINC_SYSTEM, code: code.code, display: code.display }] },
  };
  if (resources.length === 0) {
    return {
      ...base,
      text: narrative([unavailable]),
      emptyReason: {
        coding: [{ system: LIST_EMPTY_REASON, code: 'unavailable', display: 'Unavailable' }],
        text: unavailable,
      },
    };
  }
  return {
    ...base,
    text: narrative(resources.map((x) => x.line)),
    entry: resources.map((x) => ({ reference: urn(x.resource.id!) })),
  };
}

/** LOINC codes of the optional IPS sections the record can fill. */
const VITAL_SIGNS_SECTION: FhirCode = { code: '8716-3', display: 'Vital signs' };
const PROCEDURES_SECTION: FhirCode = { code: '47519-4', display: 'History of Procedures Document' };
const RESULTS_SECTION: FhirCode = {
  code: '30954-2',
  display: 'Relevant diagnostic tests/laboratory data Narrative',
};

/**
 * The record as an International Patient Summary (http://hl7.org/fhir/uv/ips/): a Bundle of type
 * document with an identifier and a timestamp, the Composition first (LOINC 60591-5), then what its
 * sections reference. Visits, appointments and documents are not part of a patient summary.
 */
export function buildIpsDocument(rows: FhirExportRows, options: FhirExportOptions): Bundle {
  const { now = new Date(), newId = randomUUID, appUrl } = options;
  const r = recordResources(rows, now, newId, appUrl);
  const organization: Organization = {
    resourceType: 'Organization',
    id: newId(),
    name: 'Medora',
    telecom: [{ system: 'url', value: appUrl }],
  };
  const medora: Reference = { reference: urn(organization.id!), display: 'Medora' };
  const name = r.patient.name?.[0]?.text;
  const sections: CompositionSection[] = [
    section(
      'Medication Summary',
      IPS_LOINC.medications,
      r.medications.map((m) => ({ resource: m, line: display(m.medicationCodeableConcept) })),
      'No information about medicines was given.',
    ),
    section(
      'Allergies and Intolerances',
      IPS_LOINC.allergies,
      r.allergies.map((a) => ({ resource: a, line: display(a.code) })),
      'No information about allergies was given.',
    ),
    section(
      'Problem List',
      IPS_LOINC.problems,
      r.conditions.map((c) => ({ resource: c, line: display(c.code) })),
      'No information about health problems was given.',
    ),
    ...(r.procedures.length
      ? [
          section(
            'History of Procedures',
            PROCEDURES_SECTION,
            r.procedures.map((p) => ({ resource: p, line: display(p.code) })),
            '',
          ),
        ]
      : []),
    ...(r.vitals.length
      ? [
          section(
            'Vital Signs',
            VITAL_SIGNS_SECTION,
            r.vitals.map((o) => ({
              resource: o,
              line: `${display(o.code)}: ${o.valueQuantity?.value} ${o.valueQuantity?.unit}`,
            })),
            '',
          ),
        ]
      : []),
    ...(r.results.length
      ? [
          section(
            'Results',
            RESULTS_SECTION,
            r.results.map((o) => ({ resource: o, line: display(o.code) })),
            '',
          ),
        ]
      : []),
  ];
  const composition: Composition = {
    resourceType: 'Composition',
    id: newId(),
    status: 'final',
    type: { coding: [{ system: LOINC_SYSTEM, ...IPS_LOINC.document }] },
    subject: { reference: urn(r.patient.id!) },
    date: now.toISOString(),
    author: [medora],
    title: name ? `International Patient Summary of ${name}` : 'International Patient Summary',
    confidentiality: 'N',
    custodian: medora,
    section: sections,
  };
  const resources: FhirResource[] = [
    composition,
    r.patient,
    organization,
    ...r.medications,
    ...r.allergies,
    ...r.conditions,
    ...r.procedures,
    ...r.vitals,
    ...r.results,
  ];
  return {
    resourceType: 'Bundle',
    id: newId(),
    identifier: { system: `${appUrl}/fhir/document-id`, value: composition.id! },
    type: 'document',
    timestamp: now.toISOString(),
    entry: resources.map(entryOf),
  };
}
