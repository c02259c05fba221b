// The medication list's contract: what the API answers and the frontends show. The routes are listed
// on `MedicationsApi` in `../api/client.ts`; the zod schemas of the request bodies are in
// `../schemas/medications.ts`.
import type { ListPage } from '../list-page.js';

/** Whether the patient takes the medicine now. A stopped medicine stays in the history. */
export const MEDICATION_STATUSES = ['taking', 'paused', 'stopped'] as const;
export type MedicationStatus = (typeof MEDICATION_STATUSES)[number];

/** Who put the entry on the list. Anything not entered by the patient waits for their confirmation. */
export const MEDICATION_SOURCES = ['patient', 'intake', 'doctor', 'import'] as const;
export type MedicationSource = (typeof MEDICATION_SOURCES)[number];

/** A reminder the patient chose for one medicine; off unless they turn it on. */
export type MedicationReminder =
  | { kind: 'off' }
  /** Every day at `time` (HH:MM, the patient's clinic time zone). */
  | { kind: 'daily'; time: string }
  /** `daysBefore` days before `runsOutOn` (YYYY-MM-DD). */
  | { kind: 'refill'; runsOutOn: string; daysBefore: number };

/** One medicine on a patient's list. */
export interface Medication {
  id: string;
  patientUid: string;
  /** What the patient calls it, as shown ("Lisinopril", "Ventolin"). */
  name: string;
  /** The entry in the shared medicine list (`@medora/shared/medicines`), or null for free text. */
  medicineId: string | null;
  /** "10 mg", "100 micrograms/dose". */
  strength: string | null;
  /** "tablet", "inhaler". */
  form: string | null;
  /** "1 tablet", "2 puffs". */
  dose: string | null;
  /** "once a day", "when needed". */
  frequency: string | null;
  /** When it was started: a date (YYYY-MM-DD) … */
  startedOn: string | null;
  /** … or words ("years ago") when the patient does not know the date. */
  startedText: string | null;
  /** Why it is taken, in words. */
  reason: string | null;
  /** The intake condition it treats (an `IntakeConditionKey`), where one fits. */
  conditionKey: string | null;
  /** Who prescribed it, in words … */
  prescriber: string | null;
  /** … or the Medora doctor who did (their name is in `prescriber`). */
  prescriberUid: string | null;
  status: MedicationStatus;
  /** The date of the last status change (stopped on, paused on, restarted on). */
  statusOn: string | null;
  /** Why it was stopped or paused. */
  statusReason: string | null;
  notes: string | null;
  source: MedicationSource;
  /** When the patient confirmed the entry; null while a doctor's or an import's entry waits for them. */
  confirmedAt: string | null;
  reminder: MedicationReminder;
  createdAt: string;
  updatedAt: string;
  /** Optimistic concurrency: an edit carries the version it was made on. */
  version: number;
}

/**
 * A suggestion drawn from the patient's intake answers, never a medicine until the patient confirms:
 * `drug` when a line of free text names one, `class` when the intake recorded only a kind of
 * medicine for a condition ("a medicine for blood pressure — which one?").
 */
export interface MedicationProposal {
  /** Stable for the same answer, so dismissing it sticks: `intake:<visitId>:<n>`. */
  key: string;
  kind: 'drug' | 'class';
  /** The words the patient typed, or the class as the intake listed it. */
  sourceText: string;
  /** The medicine recognised in it (`drug`), when the shared list knows it. */
  medicineId: string | null;
  /** The name to prefill. */
  name: string | null;
  strength: string | null;
  dose: string | null;
  frequency: string | null;
  conditionKey: string | null;
}

/** The last medication review by a doctor ("reviewed at this visit"). */
export interface MedicationReview {
  reviewedAt: string;
  doctorUid: string;
  doctorName: string;
  appointmentId: string | null;
}

/** `GET /api/patients/{uid}/medications`. */
export interface MedicationListResponse {
  /** Taking and paused medicines, confirmed or waiting for confirmation. */
  current: Medication[];
  /** Suggestions from the intake the patient has neither confirmed nor dismissed. */
  proposals: MedicationProposal[];
  /** When the patient last confirmed or changed the list. */
  lastConfirmedAt: string | null;
  lastReview: MedicationReview | null;
}

/** `GET /api/patients/{uid}/medications/history`: stopped medicines, newest first, a page at a time. */
export type MedicationHistoryPage = ListPage<Medication>;

/** One medicine of the shared list of common medicines. */
export interface MedicineEntry {
  id: string;
  /** The generic (international non-proprietary) name. */
  name: string;
  /** Brand names people know it by. */
  brands: readonly string[];
  strengths: readonly string[];
  forms: readonly string[];
  /** The kind of medicine, where it matters to the clinical summary. */
  classKey: string | null;
}
