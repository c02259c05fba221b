import { ADDITIONAL_SYMPTOMS, MAIN_SYMPTOMS } from './options.js';
import type { Question } from './types.js';

/**
 * A follow-up visit asks what changed since the last visit instead of copying that
 * visit's symptoms: better / about the same / worse, any new symptoms, and the patient's own words.
 */
export const FOLLOW_UP_CHANGES = ['Better', 'About the same', 'Worse'] as const;

/** Symptoms a follow-up may name as new ('Other' is covered by the free text). */
const NEW_SYMPTOM_OPTIONS: readonly string[] = [
  ...MAIN_SYMPTOMS.filter((s) => s !== 'Other'),
  ...ADDITIONAL_SYMPTOMS,
];

export const FOLLOW_UP_VISIT_QUESTIONS: readonly Question[] = [
  {
    field: 'followUpChange',
    type: 'select',
    label: 'Since your last visit, how are you feeling?',
    options: FOLLOW_UP_CHANGES,
  },
  {
    field: 'followUpNewSymptoms',
    type: 'multiselect',
    label: 'Do you have any new symptoms since your last visit? (optional)',
    options: NEW_SYMPTOM_OPTIONS,
    optional: true,
  },
  {
    field: 'followUpNotes',
    type: 'textarea',
    label: 'Anything else that changed since your last visit? (optional)',
    hint: 'For example a new medicine, a test result or how a treatment worked.',
    optional: true,
  },
];
