import type { IntakeAnswers } from './types.js';

/** One section of the clinical summary, e.g. 'Chief complaints'. */
export interface SummarySection {
  title: string;
  lines: string[];
}

/**
 * The clinical summary of an intake record (spec §2 "AI-generated summary", issue 4), generated on the
 * server for a doctor. Red flags come first; the disclaimer labels it as generated.
 */
export interface ClinicalSummary {
  engine: 'deterministic' | 'llm';
  generatedAt: string;
  disclaimer: string;
  redFlags: string[];
  sections: SummarySection[];
  /** The whole summary as plain text (red flags first). */
  text: string;
}

/**
 * Issue 18: the head of a clinical summary on a provider's appointment card — its red flags and the
 * first chief complaints; the whole summary and intake load when the card is opened.
 */
export interface SummaryHeadline {
  redFlags: string[];
  complaints: string[];
}

/** `GET /api/patients/{uid}` (spec §7); 404 for a new patient. */
export interface PatientResponse {
  /** Always true in a 200 answer (a new patient gets 404). */
  exists: boolean;
  data: IntakeAnswers;
  aiSummary: ClinicalSummary | null;
  updatedAt: string;
}

/** A document of a patient (spec §3 Document) plus what the server knows about its file. */
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
