import type { FlagConcept, FlagUrgency } from '../clinical/concepts.js';
import type { IntakeAnswers } from './types.js';

/** One answer that raised a flag, in words: the question as asked and the answer as given. */
export interface FlagEvidence {
  /** The record field (e.g. 'chestPainLocation', 'dob' for the age, 'symptomsOther' for free text). */
  field: string;
  /** The question as the patient read it, with its topic ('Chest Pain: Where is the pain…?'). */
  label: string;
  /** The answer in words (an option, an age, or the free-text phrase that matched). */
  answer: string;
}

/**
 * A red flag with its evidence: what it points at (a concept from published guidance), how urgent it
 * is, which answers raised it and the guidance it follows. Decision support, not a diagnosis.
 */
export interface SummaryFlag {
  /** The rule that raised it (stable id; a review names it). */
  id: string;
  concept: FlagConcept;
  urgency: FlagUrgency;
  /** What the clinician reads. */
  message: string;
  evidence: FlagEvidence[];
  /** Guideline and section the rule follows. */
  source: string;
  /** Self-harm or suicide intent disclosed: crisis information was shown to the patient. */
  crisis?: boolean;
}

/** A flag raised at an earlier visit and not yet marked reviewed by a clinician. */
export interface CarriedFlag extends SummaryFlag {
  visitId: string;
  visitedAt: string;
}

/** Where a patient in crisis gets help now (configuration: CRISIS_* settings). */
export interface CrisisInfo {
  emergencyNumber: string;
  lineName: string;
  lineNumber: string;
}

/** One section of the clinical summary, e.g. 'Chief complaints'. */
export interface SummarySection {
  title: string;
  lines: string[];
}

/**
 * The clinical summary of an intake record (docs/product.md#clinical-summary), generated on the
 * server for a doctor. Red flags come first; the disclaimer labels it as generated.
 */
export interface ClinicalSummary {
  engine: 'deterministic' | 'llm';
  generatedAt: string;
  disclaimer: string;
  /** The flags' messages, most urgent first (kept for older readers; `flags` has the evidence). */
  redFlags: string[];
  /** The flags with urgency, evidence and guidance, most urgent first (absent on older summaries). */
  flags?: SummaryFlag[];
  /**
   * Free-text answers present in the record (field names): screened with a lexicon that cannot know
   * every risk, so a summary with free text and no flag never says "no red flags".
   */
  freeTextFields?: string[];
  /** Flags of earlier visits not yet reviewed by a clinician (added when the summary is read). */
  previousFlags?: CarriedFlag[];
  /** The patient disclosed self-harm or suicide intent at this visit. */
  crisis?: boolean;
  sections: SummarySection[];
  /** The whole summary as plain text (red flags first). */
  text: string;
}

/**
 * The head of a clinical summary on a provider's appointment card — its red flags and the
 * first chief complaints; the whole summary and intake load when the card is opened.
 */
export interface SummaryHeadline {
  redFlags: string[];
  /** The most urgent flag's urgency (this visit's or carried), null without flags. */
  topUrgency?: FlagUrgency | null;
  /** Earlier visits' flags still unreviewed. */
  previousFlagCount?: number;
  /** Self-harm disclosed at this visit. */
  crisis?: boolean;
  complaints: string[];
}

/** `GET /api/patients/{uid}`; 404 for a new patient. */
export interface PatientResponse {
  /** Always true in a 200 answer (a new patient gets 404). */
  exists: boolean;
  data: IntakeAnswers;
  aiSummary: ClinicalSummary | null;
  updatedAt: string;
  /** Only in the answer to a submission that disclosed self-harm intent: where to get help now. */
  crisis?: CrisisInfo | null;
}

/** A document of a patient plus what the server knows about its file. */
export interface PatientDocument {
  id: string;
  name: string;
  type: string;
  uploadedAt: string;
  /** Download path under the API base for stored bytes, or the client's fileUrl ('' for metadata only). */
  fileUrl: string;
  contentType: string | null;
  size: number | null;
  hasFile: boolean;
}
