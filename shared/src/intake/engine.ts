import { formatMessage, MESSAGES } from '@medora/shared/messages';
import { bmiCategory, computeBmi, heightWeightProblem } from './bmi.js';
import {
  ALL_QUESTIONS,
  chronicFollowUp,
  DOCUMENT_SUFFIX,
  optionAppliesTo,
  MAIN_QUESTIONS,
  symptomFollowUp,
  UPLOAD_FIELDS,
} from './content.js';
import { ageOn, dobProblem, isValidDob } from './dob.js';
import { FOLLOW_UP_VISIT_QUESTIONS } from './follow-up-visit.js';
import type { FollowUpTopic, HeightWeight, IntakeAnswers, Question, QuestionGroup } from './types.js';

/**
 * The welcome-back choice of a returning patient; 'profile' updates the
 * stable facts of the health profile only, without a visit's symptoms.
 */
export type ReturningChoice = 'followUp' | 'newAppointment' | 'profile';

export interface IntakeContext {
  /** Set for a returning patient once they chose on the welcome-back screen. */
  returningChoice?: ReturningChoice;
  /** "Today", injectable for tests (ages, years). */
  today?: Date;
}

/** Groups a returning patient choosing a follow-up no longer answers. */
const FOLLOW_UP_REMOVED: readonly QuestionGroup[] = [
  'name',
  'gender',
  'dob',
  'visitType',
  'allergies',
  'chronic',
  'medication',
  'surgery',
  'smoking',
  'alcohol',
  'children',
  'symptoms',
];
/** Groups a returning patient choosing a new appointment no longer answers. */
const NEW_APPOINTMENT_REMOVED: readonly QuestionGroup[] = ['name', 'gender', 'dob', 'visitType'];
/** Groups a profile update does not ask: the visit's own answers. */
const PROFILE_REMOVED: readonly QuestionGroup[] = ['visitType', 'context', 'symptoms'];

export const FOLLOW_UP_VISIT = 'Follow-up Visit';
export const NEW_APPOINTMENT = 'New Appointment';

/** Options that exclude every other choice of a multiselect. */
export const EXCLUSIVE_OPTIONS: readonly string[] = ['None', 'None of these', 'No medication'];

/**
 * The answers a returning patient starts from: their previous record, with visitType set by their
 * choice ("previous data is prefilled and visitType set").
 */
export function startReturning(previous: IntakeAnswers, choice: ReturningChoice): IntakeAnswers {
  if (choice === 'profile') return { ...previous };
  return { ...previous, visitType: choice === 'followUp' ? FOLLOW_UP_VISIT : NEW_APPOINTMENT };
}

/** The main questions still asked, in order, after the filtering rules (docs/product.md#intake-branching). */
export function visibleMainQuestions(answers: IntakeAnswers, ctx: IntakeContext = {}): Question[] {
  const today = ctx.today ?? new Date();
  const removed = new Set<QuestionGroup>(
    ctx.returningChoice === 'followUp'
      ? FOLLOW_UP_REMOVED
      : ctx.returningChoice === 'newAppointment'
        ? NEW_APPOINTMENT_REMOVED
        : ctx.returningChoice === 'profile'
          ? PROFILE_REMOVED
          : [],
  );
  // Follow-up visit removes symptoms and additionalSymptoms.
  if (answers.visitType === FOLLOW_UP_VISIT) removed.add('symptoms');
  return MAIN_QUESTIONS.filter(
    (q) => !(q.group && removed.has(q.group)) && (q.showIf ? q.showIf(answers, today) : true),
  );
}

export type StepKind = 'main' | 'chronic' | 'symptom';

export interface Step {
  /** Stable identity of the step: the field it asks. */
  key: string;
  kind: StepKind;
  question: Question;
  /** The condition or symptom of a follow-up step, shown in its title. */
  topic?: string;
}

const selected = (answers: IntakeAnswers, field: string): string[] => {
  const v = answers[field];
  return Array.isArray(v) ? v : [];
};

function followUpSteps(kind: StepKind, topics: (FollowUpTopic | undefined)[]): Step[] {
  return topics.flatMap((t) =>
    t ? t.questions.map((q) => ({ key: q.field, kind, question: q, topic: t.topic })) : [],
  );
}

/**
 * Every step in order. Follow-ups follow the step that triggers them, one topic after another in
 * selection order, so finishing them resumes after that step (docs/product.md#intake-branching):
 * chronic conditions with follow-ups after chronicConditions; main symptoms (unless Follow-up Visit)
 * after symptoms; additional symptoms after additionalSymptoms.
 */
export function buildSteps(answers: IntakeAnswers, ctx: IntakeContext = {}): Step[] {
  const steps: Step[] = [];
  const followUpVisit = answers.visitType === FOLLOW_UP_VISIT;
  for (const q of visibleMainQuestions(answers, ctx)) {
    steps.push({ key: q.field, kind: 'main', question: q });
    if (q.field === 'chronicConditions') {
      steps.push(...followUpSteps('chronic', selected(answers, q.field).map(chronicFollowUp)));
    } else if ((q.field === 'symptoms' || q.field === 'additionalSymptoms') && !followUpVisit) {
      steps.push(...followUpSteps('symptom', selected(answers, q.field).map(symptomFollowUp)));
    }
  }
  // A follow-up visit asks what changed since the last visit.
  if (ctx.returningChoice === 'followUp') {
    for (const q of FOLLOW_UP_VISIT_QUESTIONS) {
      steps.push({ key: q.field, kind: 'main', question: q });
      // New symptoms get the same detail questions as at a first visit: without them no rule can
      // see what the new symptom is like (a follow-up must not be a blind spot).
      if (q.field === 'followUpNewSymptoms') {
        steps.push(...followUpSteps('symptom', selected(answers, q.field).map(symptomFollowUp)));
      }
    }
  }
  return steps;
}

/** Where the patient is: a question step, the review screen or the final upload step. */
export type IntakePosition =
  { screen: 'question'; key: string } | { screen: 'review' } | { screen: 'upload' };

/** The first screen: the first step, or the review when nothing is left to ask. */
export function firstPosition(answers: IntakeAnswers, ctx: IntakeContext = {}): IntakePosition {
  const [first] = buildSteps(answers, ctx);
  return first ? { screen: 'question', key: first.key } : { screen: 'review' };
}

/** Index of the position's step, or -1 (review, upload, or a step no longer asked). */
export function stepIndex(steps: Step[], position: IntakePosition): number {
  return position.screen === 'question' ? steps.findIndex((s) => s.key === position.key) : -1;
}

/**
 * The screen after the current one, computed on the answers just given (so a new selection branches
 * at once): next step; after the last step the review; after the review the upload step.
 */
export function nextPosition(
  position: IntakePosition,
  answers: IntakeAnswers,
  ctx: IntakeContext = {},
): IntakePosition {
  if (position.screen === 'review') return { screen: 'upload' };
  if (position.screen === 'upload') return position;
  const steps = buildSteps(answers, ctx);
  const i = stepIndex(steps, position);
  const next = steps[i + 1];
  return next ? { screen: 'question', key: next.key } : { screen: 'review' };
}

/**
 * Previous moves back one step: from the first follow-up back to the step that branched;
 * from the upload step to the review; from the review to the last question. Null on the first step.
 */
export function previousPosition(
  position: IntakePosition,
  answers: IntakeAnswers,
  ctx: IntakeContext = {},
): IntakePosition | null {
  if (position.screen === 'upload') return { screen: 'review' };
  const steps = buildSteps(answers, ctx);
  if (position.screen === 'review') {
    const last = steps[steps.length - 1];
    return last ? { screen: 'question', key: last.key } : null;
  }
  const i = stepIndex(steps, position);
  const prev = i > 0 ? steps[i - 1] : undefined;
  return prev ? { screen: 'question', key: prev.key } : null;
}

/** The outcome of checking a step: ok, or a message (null: the step just does nothing). */
export type StepCheck = { ok: true } | { ok: false; message: string | null };

const isEmptyText = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Largest number of children we accept; the spec sets no range, the server needs one. */
export const MAX_CHILDREN = 30;

/** Validates one answer with the catalogue's exact messages. */
export function validateAnswer(question: Question, value: unknown, today: Date = new Date()): StepCheck {
  switch (question.type) {
    case 'heightWeight': {
      const problem = heightWeightProblem(value as HeightWeight | undefined);
      return problem === null ? { ok: true } : { ok: false, message: problem };
    }
    case 'dob':
      // Incomplete: the step does nothing; a future date says why.
      return isValidDob(value, today) ? { ok: true } : { ok: false, message: dobProblem(value, today) };
    case 'multiselect': {
      const list = Array.isArray(value) ? (value as unknown[]) : [];
      if (question.optional) return { ok: true };
      const min = question.minSelections ?? 1;
      if (list.length >= min) return { ok: true };
      return question.minSelections
        ? {
            ok: false,
            message: formatMessage('selectAtLeast', { count: min }),
          }
        : { ok: false, message: MESSAGES.fieldRequired };
    }
    case 'number': {
      if (isEmptyText(value))
        return question.optional ? { ok: true } : { ok: false, message: MESSAGES.fieldRequired };
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isInteger(n) && n >= 0 && n <= MAX_CHILDREN
        ? { ok: true }
        : { ok: false, message: formatMessage('wholeNumberRange', { min: 0, max: MAX_CHILDREN }) };
    }
    case 'select':
      if (isEmptyText(value)) return { ok: false, message: MESSAGES.fieldRequired };
      return question.options?.includes(String(value))
        ? { ok: true }
        : { ok: false, message: MESSAGES.fieldRequired };
    default:
      if (question.optional || !isEmptyText(value)) return { ok: true };
      return { ok: false, message: MESSAGES.fieldRequired };
  }
}

/** Toggles a multiselect option; 'None' / 'None of these' clear the others and are cleared by them. */
export function toggleOption(values: readonly string[], option: string): string[] {
  if (values.includes(option)) return values.filter((v) => v !== option);
  if (EXCLUSIVE_OPTIONS.includes(option)) return [option];
  return [...values.filter((v) => !EXCLUSIVE_OPTIONS.includes(v)), option];
}

/**
 * The record to save: drops answers the flow no longer asks because a choice changed (a deselected
 * condition's follow-ups, surgery details after answering No). Fields a returning patient skipped
 * keep their previous values.
 */
export function pruneAnswers(answers: IntakeAnswers, today: Date = new Date()): IntakeAnswers {
  const out: IntakeAnswers = { ...answers };
  for (const q of MAIN_QUESTIONS) {
    if (q.showIf && !q.showIf(answers, today)) delete out[q.field];
  }
  const keepTopics = (field: string, topicOf: (name: string) => FollowUpTopic | undefined, all: string[]) => {
    const chosen = new Set(selected(answers, field));
    for (const name of all) {
      if (chosen.has(name)) continue;
      for (const q of topicOf(name)?.questions ?? []) delete out[q.field];
    }
  };
  const chronicNames = MAIN_QUESTIONS.find((q) => q.field === 'chronicConditions')?.options ?? [];
  keepTopics('chronicConditions', chronicFollowUp, [...chronicNames]);
  const symptomNames = [
    ...(MAIN_QUESTIONS.find((q) => q.field === 'symptoms')?.options ?? []),
    ...(MAIN_QUESTIONS.find((q) => q.field === 'additionalSymptoms')?.options ?? []),
  ];
  const chosenSymptoms = new Set([
    ...selected(answers, 'symptoms'),
    ...selected(answers, 'additionalSymptoms'),
    ...selected(answers, 'followUpNewSymptoms'),
  ]);
  for (const name of symptomNames) {
    if (chosenSymptoms.has(name)) continue;
    for (const q of symptomFollowUp(name)?.questions ?? []) delete out[q.field];
  }
  for (const field of UPLOAD_FIELDS) {
    const key = `${field}${DOCUMENT_SUFFIX}`;
    if (out[key] === '') delete out[key];
  }
  // Options of the other sex (the gender answer changed after they were chosen) go.
  for (const q of ALL_QUESTIONS) {
    const v = out[q.field];
    if (Array.isArray(v)) out[q.field] = v.filter((o) => optionAppliesTo(o, out.gender));
    else if (typeof v === 'string' && q.options && !optionAppliesTo(v, out.gender)) delete out[q.field];
  }
  for (const [k, v] of Object.entries(out)) if (v === undefined) delete out[k];
  return out;
}

/** Human reading of an answer, for the review screen and the summary. */
export function formatAnswer(question: Question, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (question.type === 'heightWeight' && typeof value === 'object') {
    const hw = value as HeightWeight;
    const bmi = computeBmi(hw.heightFeet, hw.heightInches, hw.weight);
    const body = `${hw.heightFeet} ft ${hw.heightInches} in, ${hw.weight} kg`;
    return bmi === null ? body : `${body} (BMI ${bmi.toFixed(1)}, ${bmiCategory(bmi)})`;
  }
  if (question.type === 'dob' && typeof value === 'string') {
    const age = ageOn(value);
    return age === null ? value : `${value} (age ${age})`;
  }
  return String(value);
}
