import { documentTypeLabel, MEDICAL_REPORT_TYPE } from '../documents/document-type.js';
import { MESSAGES } from '../messages.js';
import {
  ALL_QUESTIONS,
  CHRONIC_FOLLOW_UPS,
  DOCUMENT_SUFFIX,
  SYMPTOM_FOLLOW_UPS,
  UPLOAD_FIELDS,
} from './content.js';
import { formatAnswer } from './engine.js';
import type { FollowUpTopic, IntakeAnswers } from './types.js';

export interface ReviewItem {
  label: string;
  value: string;
}

export interface ReviewSection {
  title: string;
  items: ReviewItem[];
}

const byField = new Map(ALL_QUESTIONS.map((q) => [q.field, q]));

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

/** Reason for visit as displayed (spec §3: "displayed only"): the visit type and the complaints. */
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
 * The sections of 'Please Review Your Information' (spec §2): Personal Information, Medical History,
 * Symptoms Summary, Visit Information (only when the patient arrived via a doctor) and Uploaded Documents.
 */
export function reviewSections(answers: IntakeAnswers, options: { viaDoctor: boolean }): ReviewSection[] {
  const chronic = list(answers.chronicConditions);
  const symptoms = [...list(answers.symptoms), ...list(answers.additionalSymptoms)];
  const sections: ReviewSection[] = [
    {
      title: MESSAGES.reviewPersonal,
      items: items(answers, ['name', 'gender', 'dob', 'heightWeight', 'visitType']),
    },
    {
      title: MESSAGES.reviewHistory,
      items: [
        ...items(answers, ['allergyList', 'allergies', 'chronicConditions']),
        ...followUpItems(answers, CHRONIC_FOLLOW_UPS, chronic),
        ...items(answers, [
          'chronicOther',
          'medications',
          'medicationClasses',
          'medicationOther',
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
      items: [
        ...items(answers, ['symptoms', 'symptomsOther', 'additionalSymptoms']),
        ...followUpItems(answers, SYMPTOM_FOLLOW_UPS, symptoms),
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
    title: MESSAGES.reviewDocuments,
    items: docs.length
      ? docs.map(({ type, name }) => ({ label: documentTypeLabel(type), value: name }))
      : [{ label: '', value: MESSAGES.reviewNoDocuments }],
  });
  return sections;
}
