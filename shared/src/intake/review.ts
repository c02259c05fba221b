import { documentTypeLabel, MEDICAL_REPORT_TYPE } from '../documents/document-type.js';
import { MESSAGES } from '@medora/shared/messages';
import {
  ALL_QUESTIONS,
  CHRONIC_FOLLOW_UPS,
  DOCUMENT_SUFFIX,
  SYMPTOM_FOLLOW_UPS,
  UPLOAD_FIELDS,
} from './content.js';
import {
  buildSteps,
  formatAnswer,
  stepIndex,
  type IntakeContext,
  type IntakePosition,
  type Step,
} from './engine.js';
import { FOLLOW_UP_VISIT_QUESTIONS } from './follow-up-visit.js';
import type { FollowUpTopic, IntakeAnswers } from './types.js';

export interface ReviewItem {
  label: string;
  value: string;
}

/** The sections whose questions the patient answered (Edit jumps into them). */
export type EditableSection = 'personal' | 'history' | 'symptoms';

export interface ReviewSection {
  title: string;
  items: ReviewItem[];
  /** Set for a section of answered questions: its Edit link goes to its first question. */
  edit?: EditableSection;
}

/** Pregnancy and travel: asked with the visit's symptoms, so reviewed with them. */
const CONTEXT_QUESTION_FIELDS = ['pregnancyStatus', 'pregnancyWeeks', 'travelAbroad', 'travelDetails'];

const byField = new Map([...ALL_QUESTIONS, ...FOLLOW_UP_VISIT_QUESTIONS].map((q) => [q.field, q]));

const PERSONAL_FIELDS: ReadonlySet<string> = new Set(['name', 'gender', 'dob', 'heightWeight', 'visitType']);
const SYMPTOM_FIELDS: ReadonlySet<string> = new Set([
  'symptoms',
  'symptomsOther',
  'additionalSymptoms',
  ...SYMPTOM_FOLLOW_UPS.flatMap((t) => t.questions.map((q) => q.field)),
  ...FOLLOW_UP_VISIT_QUESTIONS.map((q) => q.field),
  ...CONTEXT_QUESTION_FIELDS,
]);

/** The review section a question's answer is shown in. */
export function reviewSectionOf(field: string): EditableSection {
  if (PERSONAL_FIELDS.has(field)) return 'personal';
  return SYMPTOM_FIELDS.has(field) ? 'symptoms' : 'history';
}

/** The first step of a section among the steps asked now, or undefined when none is asked. */
export function firstStepOf(section: EditableSection, steps: readonly Step[]): Step | undefined {
  return steps.find((s) => reviewSectionOf(s.key) === section);
}

/** The intake's parts, named for a patient answering them (the review names its sections its own way). */
const PART_TITLES: Record<EditableSection, string> = {
  personal: MESSAGES.intakePartPersonal,
  history: MESSAGES.intakePartHistory,
  symptoms: MESSAGES.intakePartSymptoms,
};

/** Where the patient is in the intake: part `part` of `parts`, named by its review section. */
export interface IntakeProgress {
  part: number;
  parts: number;
  title: string;
}

/**
 * The progress indicator counts parts (the review's sections), not questions: the questions asked grow
 * with the answers (each symptom and condition brings its own), so a question total would jump (16 → 45)
 * while the patient answers, whereas the parts of a mode stay the same from its first question to its
 * last. The review and upload screens count as the last part.
 */
export function progressOf(
  position: IntakePosition,
  answers: IntakeAnswers,
  ctx: IntakeContext = {},
): IntakeProgress {
  const steps = buildSteps(answers, ctx);
  const sections: EditableSection[] = [];
  for (const step of steps) {
    const section = reviewSectionOf(step.key);
    if (!sections.includes(section)) sections.push(section);
  }
  const parts = Math.max(sections.length, 1);
  const step = position.screen === 'question' ? steps[stepIndex(steps, position)] : undefined;
  const index = step ? sections.indexOf(reviewSectionOf(step.key)) : parts - 1;
  const section = sections[Math.max(index, 0)];
  return { part: Math.max(index, 0) + 1, parts, title: section ? PART_TITLES[section] : '' };
}

/**
 * Where Next leads while editing a section from the review: the next step while it is still in that
 * section, otherwise back to the review (after the section's last question).
 */
export function nextWhileEditing(
  section: EditableSection,
  currentKey: string,
  steps: readonly Step[],
): { screen: 'question'; key: string } | { screen: 'review' } {
  const i = steps.findIndex((s) => s.key === currentKey);
  const next = i >= 0 ? steps[i + 1] : undefined;
  return next && reviewSectionOf(next.key) === section
    ? { screen: 'question', key: next.key }
    : { screen: 'review' };
}

function items(answers: IntakeAnswers, fields: string[]): ReviewItem[] {
  return fields.flatMap((field) => {
    const q = byField.get(field);
    const value = answers[field];
    if (!q || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return [];
    return [{ label: q.label, value: formatAnswer(q, value) }];
  });
}

function followUpItems(
  answers: IntakeAnswers,
  topics: readonly FollowUpTopic[],
  chosen: string[],
): ReviewItem[] {
  // In selection order, as the patient answered them.
  return chosen.flatMap((name) => {
    const t = topics.find((x) => x.topic === name);
    if (!t) return [];
    return t.questions.flatMap((q) => {
      const v = answers[q.field];
      return v === undefined ? [] : [{ label: `${t.topic}: ${q.label}`, value: formatAnswer(q, v) }];
    });
  });
}

const list = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);

/** The uploads the record names: per-question `<field>_document` entries, then `medicalReports`. */
export function uploadedDocumentEntries(answers: IntakeAnswers): { type: string; name: string }[] {
  const entries = UPLOAD_FIELDS.flatMap((type) => {
    const name = answers[`${type}${DOCUMENT_SUFFIX}`];
    return typeof name === 'string' && name !== '' ? [{ type, name }] : [];
  });
  const reports = answers.medicalReports;
  if (typeof reports === 'string' && reports)
    entries.push(...reports.split(', ').map((name) => ({ type: MEDICAL_REPORT_TYPE, name })));
  return entries;
}

/** The file names the record holds: per-question `<field>_document` entries and `medicalReports`. */
export function uploadedDocuments(answers: IntakeAnswers): string[] {
  return uploadedDocumentEntries(answers).map((e) => e.name);
}

/** Reason for visit as displayed ("displayed only"): the visit type and the complaints. */
export function reasonForVisit(answers: IntakeAnswers): string {
  const complaints = [
    ...list(answers.symptoms).filter((s) => s !== 'Other'),
    ...list(answers.additionalSymptoms),
  ];
  if (typeof answers.symptomsOther === 'string' && answers.symptomsOther.trim())
    complaints.push(answers.symptomsOther.trim());
  const visit = typeof answers.visitType === 'string' ? answers.visitType : '';
  return [visit, complaints.join(', ')].filter(Boolean).join(': ') || '—';
}

/**
 * The sections of 'Please Review Your Information': Personal Information, Medical History,
 * Symptoms Summary, Visit Information (only when the patient arrived via a doctor) and Uploaded Documents
 * ('Documents uploaded in this intake' on the intake's own review).
 */
export function reviewSections(
  answers: IntakeAnswers,
  options: { viaDoctor: boolean; duringIntake?: boolean },
): ReviewSection[] {
  const chronic = list(answers.chronicConditions);
  const symptoms = [...list(answers.symptoms), ...list(answers.additionalSymptoms)];
  const sections: ReviewSection[] = [
    {
      title: MESSAGES.reviewPersonal,
      items: items(answers, ['name', 'gender', 'dob', 'heightWeight', 'visitType']),
      edit: 'personal',
    },
    {
      title: MESSAGES.reviewHistory,
      edit: 'history',
      items: [
        ...items(answers, ['allergyList', 'allergies', 'chronicConditions']),
        ...followUpItems(answers, CHRONIC_FOLLOW_UPS, chronic),
        ...items(answers, [
          'chronicOther',
          'medications',
          'medicationClasses',
          'medicationOther',
          'riskMedicines',
          'pastSurgeries',
          'surgeryTypes',
          'surgeryRegions',
          'surgeryRegionOther',
          'surgeryOther',
          'surgeryDate',
          'surgeryRecovery',
          'smokingStatus',
          'smokingDuration',
          'smokingAverage',
          'alcoholUse',
          'hasChildren',
          'childrenCount',
        ]),
      ],
    },
    {
      title: MESSAGES.reviewSymptoms,
      edit: 'symptoms',
      items: [
        ...items(answers, [...CONTEXT_QUESTION_FIELDS, 'symptoms', 'symptomsOther', 'additionalSymptoms']),
        ...followUpItems(answers, SYMPTOM_FOLLOW_UPS, symptoms),
        ...items(
          answers,
          FOLLOW_UP_VISIT_QUESTIONS.map((q) => q.field),
        ),
        ...followUpItems(answers, SYMPTOM_FOLLOW_UPS, list(answers.followUpNewSymptoms)),
      ],
    },
  ];
  if (options.viaDoctor) {
    sections.push({
      title: MESSAGES.reviewVisit,
      items: [
        { label: MESSAGES.reviewReason, value: reasonForVisit(answers) },
        { label: MESSAGES.reviewReferred, value: 'Yes' },
      ],
    });
  }
  const docs = uploadedDocumentEntries(answers);
  sections.push({
    // The intake's review lists the files named in its answers: it says so, since the Documents tab
    // holds every document of the patient.
    title: options.duringIntake ? MESSAGES.reviewDocumentsThisIntake : MESSAGES.reviewDocuments,
    items: docs.length
      ? docs.map(({ type, name }) => ({ label: documentTypeLabel(type), value: name }))
      : [{ label: '', value: MESSAGES.reviewNoDocuments }],
  });
  return sections;
}
