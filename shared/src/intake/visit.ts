import { formatMessage, MESSAGES } from '@medora/shared/messages';
import { DOCUMENT_SUFFIX, MAIN_QUESTIONS, SYMPTOM_FOLLOW_UPS } from './content.js';
import type { ReturningChoice } from './engine.js';
import { FOLLOW_UP_VISIT_QUESTIONS } from './follow-up-visit.js';
import type { ClinicalSummary, SummarySection } from './patient-types.js';
import { reasonForVisit } from './review.js';
import type { IntakeAnswers } from './types.js';
import type { ListPage } from '../list-page.js';

/**
 * Each submitted intake is a visit with its own date, reason and clinical summary. The
 * profile keeps the stable facts (demographics, allergies, conditions, medications, surgeries,
 * habits); the visit keeps the visit's own answers (visit type, symptoms and their follow-ups, what
 * changed since the last visit, the final reports).
 */
export const VISIT_KINDS = ['visit', 'follow-up', 'profile'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

/** The intake's mode in the URL (`/form?mode=…`): a reload or a link lands in the right flow. */
export type IntakeMode = VisitKind;
export const INTAKE_MODE_PARAM = 'mode';

/** The mode a `?mode=` value names, or null for none / an unknown value (the welcome choice). */
export function parseIntakeMode(value: string | null | undefined): IntakeMode | null {
  return (VISIT_KINDS as readonly string[]).includes(value ?? '') ? (value as IntakeMode) : null;
}

/** The engine's welcome-back choice for a mode, and back. */
export function choiceOfMode(mode: IntakeMode): ReturningChoice {
  return mode === 'follow-up' ? 'followUp' : mode === 'profile' ? 'profile' : 'newAppointment';
}
export function modeOfChoice(choice: ReturningChoice): IntakeMode {
  return choice === 'followUp' ? 'follow-up' : choice === 'profile' ? 'profile' : 'visit';
}

/** Fields (besides their `_document` entries) that belong to a visit, not to the profile. */
export const VISIT_FIELDS: ReadonlySet<string> = new Set([
  ...MAIN_QUESTIONS.filter(
    (q) => q.group === 'symptoms' || q.group === 'visitType' || q.group === 'context',
  ).map((q) => q.field),
  ...SYMPTOM_FOLLOW_UPS.flatMap((t) => t.questions.map((q) => q.field)),
  ...FOLLOW_UP_VISIT_QUESTIONS.map((q) => q.field),
  'medicalReports',
  'uploadedAt',
  'reasonForVisit',
]);

/** Asked at every visit (pregnancy, travel): a visit's answers, kept by a follow-up too. */
export const CONTEXT_FIELDS: readonly string[] = MAIN_QUESTIONS.filter((q) => q.group === 'context').map(
  (q) => q.field,
);

/** Whether a record key is a visit's answer (a `<field>_document` goes with its field). */
export function isVisitField(key: string): boolean {
  const base = key.endsWith(DOCUMENT_SUFFIX) ? key.slice(0, -DOCUMENT_SUFFIX.length) : key;
  return VISIT_FIELDS.has(base);
}

/** Splits a submitted record into the profile's stable facts and the visit's own answers. */
export function splitAnswers(answers: IntakeAnswers): { profile: IntakeAnswers; visit: IntakeAnswers } {
  const profile: IntakeAnswers = {};
  const visit: IntakeAnswers = {};
  for (const [key, value] of Object.entries(answers)) {
    if (value === undefined) continue;
    (isVisitField(key) ? visit : profile)[key] = value;
  }
  return { profile, visit };
}

/** The stable facts only: where a new visit starts from (never a previous visit's symptoms). */
export function profileFacts(answers: IntakeAnswers): IntakeAnswers {
  return splitAnswers(answers).profile;
}

/**
 * The visit's answers for its kind: a follow-up keeps only what changed since the last visit (a
 * client sending the old symptoms again cannot make them this visit's); a profile update has none.
 */
export function visitAnswersFor(kind: VisitKind, visit: IntakeAnswers): IntakeAnswers {
  if (kind === 'profile') return {};
  if (kind === 'visit') return visit;
  const added = Array.isArray(visit.followUpNewSymptoms) ? visit.followUpNewSymptoms : [];
  const kept = new Set([
    ...FOLLOW_UP_VISIT_QUESTIONS.map((q) => q.field),
    ...CONTEXT_FIELDS,
    // The detail questions of the symptoms that are new since the last visit.
    ...SYMPTOM_FOLLOW_UPS.filter((t) => added.includes(t.topic)).flatMap((t) =>
      t.questions.map((q) => q.field),
    ),
    'visitType',
    'medicalReports',
    'uploadedAt',
  ]);
  return Object.fromEntries(Object.entries(visit).filter(([k]) => kept.has(k)));
}

/** The kind of a record sent without one (older clients): a Follow-up Visit, else a visit. */
export function inferVisitKind(answers: IntakeAnswers): VisitKind {
  return answers.visitType === 'Follow-up Visit' ? 'follow-up' : 'visit';
}

/** What changed since the last visit, as a clinician reads it (the follow-up's answers, in order). */
function followUpLines(answers: IntakeAnswers): string[] {
  const lines: string[] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const change = text(answers.followUpChange);
  if (change) lines.push(formatMessage('visitSinceChange', { value: change }));
  const added = Array.isArray(answers.followUpNewSymptoms) ? answers.followUpNewSymptoms : [];
  if (added.length) lines.push(formatMessage('visitSinceNewSymptoms', { value: added.join(', ') }));
  const notes = text(answers.followUpNotes);
  if (notes) lines.push(formatMessage('visitSinceNotes', { value: notes }));
  return lines;
}

/**
 * What the summary service reads for a visit: the profile's facts and the visit's answers; a
 * follow-up's new symptoms count as its complaints (the summary's rules read them as symptoms).
 */
export function summaryInput(kind: VisitKind, profile: IntakeAnswers, visit: IntakeAnswers): IntakeAnswers {
  const input: IntakeAnswers = { ...profile, ...visit };
  const added = visit.followUpNewSymptoms;
  if (kind === 'follow-up' && Array.isArray(added) && added.length) input.symptoms = [...added];
  return input;
}

/** The reason a visit is listed under: the complaints, what changed, or a profile update. */
export function visitReason(kind: VisitKind, answers: IntakeAnswers): string {
  if (kind === 'profile') return MESSAGES.visitReasonProfile;
  if (kind === 'visit') return reasonForVisit(answers);
  const change = typeof answers.followUpChange === 'string' ? answers.followUpChange : '';
  const added = Array.isArray(answers.followUpNewSymptoms) ? answers.followUpNewSymptoms : [];
  return formatMessage('visitReasonFollowUp', {
    change:
      [change, added.length ? formatMessage('visitReasonNewSymptoms', { list: added.join(', ') }) : '']
        .filter(Boolean)
        .join('; ') || MESSAGES.noValue,
  });
}

/**
 * The summary of a follow-up visit: the summary service's, with a first section of what changed since
 * the last visit (the service does not know these questions).
 */
export function withFollowUpSection(summary: ClinicalSummary, answers: IntakeAnswers): ClinicalSummary {
  const lines = followUpLines(answers);
  if (lines.length === 0) return summary;
  const section: SummarySection = { title: MESSAGES.visitSinceLastTitle, lines };
  return {
    ...summary,
    sections: [section, ...summary.sections],
    text: `${summary.text}\n\n${section.title}\n${lines.map((l) => `- ${l}`).join('\n')}`,
  };
}

/** One visit in `GET /api/patients/{uid}/visits` (newest first). */
export interface VisitListItem {
  id: string;
  kind: VisitKind;
  visitedAt: string;
  reason: string;
}

/**
 * `GET /api/patients/{uid}/visits`: a page of the visits, newest first (at most `VISITS_LIST_MAX`;
 * `nextCursor` for the earlier ones), and how many there are.
 */
export type VisitsResponse = ListPage<VisitListItem> & { total: number };

/** How many visits the list returns at most (the newest). */
export const VISITS_LIST_MAX = 50;

/** `GET /api/patients/{uid}/visits/{id}`: the visit's answers and its clinical summary. */
export interface VisitDetail extends VisitListItem {
  data: IntakeAnswers;
  summary: ClinicalSummary | null;
}

/** The unsent intake as the server keeps it per account (`/api/patients/{uid}/draft`). */
export interface IntakeDraft {
  /** 'new': a first intake; otherwise the returning patient's mode. */
  mode: 'new' | IntakeMode;
  screen: 'question' | 'review' | 'upload';
  /** The question on screen (screen 'question'). */
  key?: string;
  answers: IntakeAnswers;
}

/** `GET /api/patients/{uid}/draft`; `PUT` answers the same with the stored draft. */
export interface DraftResponse {
  draft: IntakeDraft | null;
  savedAt: string | null;
}
