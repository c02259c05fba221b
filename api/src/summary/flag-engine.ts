import {
  ageOn,
  ALL_QUESTIONS,
  byUrgency,
  formatMessage,
  FOLLOW_UP_VISIT_QUESTIONS,
  MAIN_QUESTIONS,
  MESSAGES,
  SYMPTOM_FOLLOW_UPS,
  type FlagEvidence,
  type IntakeAnswers,
  type SummaryFlag,
} from '@medora/shared';
import { screenFreeText, type TextMatch } from './free-text-lexicon.js';
import { CONTEXTS, RED_FLAG_RULES, type RedFlagCondition, type RedFlagRule } from './red-flags.js';

/** Everything a rule may read about one patient at one visit. */
interface PatientFacts {
  answers: IntakeAnswers;
  /** Chosen symptoms and the field each was chosen in. */
  symptoms: Map<string, string>;
  age: number | null;
  text: Map<string, TextMatch[]>;
}

const questions = new Map([...ALL_QUESTIONS, ...FOLLOW_UP_VISIT_QUESTIONS].map((q) => [q.field, q]));
const topicOf = new Map(
  SYMPTOM_FOLLOW_UPS.flatMap((t) => t.questions.map((q) => [q.field, t.topic] as const)),
);

/** The question as the patient read it, with its symptom for a detail question. */
export function fieldLabel(field: string): string {
  const label = questions.get(field)?.label ?? field;
  const topic = topicOf.get(field);
  return topic ? `${topic}: ${label}` : label;
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function factsOf(answers: IntakeAnswers, now: Date): PatientFacts {
  const symptoms = new Map<string, string>();
  // A follow-up's new symptoms first, so the evidence names the question the patient answered.
  for (const field of ['followUpNewSymptoms', 'symptoms', 'additionalSymptoms']) {
    for (const s of strings(answers[field])) if (!symptoms.has(s)) symptoms.set(s, field);
  }
  return {
    answers,
    symptoms,
    age: typeof answers.dob === 'string' ? ageOn(answers.dob, now) : null,
    text: screenFreeText(answers),
  };
}

/** The evidence a condition holds on (possibly none, e.g. a `not`), or null when it does not hold. */
function evaluate(c: RedFlagCondition, f: PatientFacts): FlagEvidence[] | null {
  if ('field' in c) {
    const v = f.answers[c.field];
    const holds = Array.isArray(v) ? v.includes(c.option) : v === c.option;
    return holds ? [{ field: c.field, label: fieldLabel(c.field), answer: c.option }] : null;
  }
  if ('symptom' in c) {
    const field = f.symptoms.get(c.symptom);
    return field ? [{ field, label: fieldLabel(field), answer: c.symptom }] : null;
  }
  if ('age' in c) {
    const { min, max } = c.age;
    if (f.age === null || (min !== undefined && f.age < min) || (max !== undefined && f.age > max))
      return null;
    return [
      {
        field: 'dob',
        label: MESSAGES.flagEvidenceAge,
        answer: formatMessage('flagEvidenceAgeValue', { age: f.age }),
      },
    ];
  }
  if ('sex' in c) {
    return f.answers.gender === c.sex
      ? [{ field: 'gender', label: fieldLabel('gender'), answer: c.sex }]
      : null;
  }
  if ('text' in c) {
    const matches = f.text.get(c.text);
    if (!matches?.length) return null;
    return matches.map((m) => ({
      field: m.field,
      label: fieldLabel(m.field),
      answer: formatMessage('flagEvidenceText', { phrase: m.phrase }),
    }));
  }
  if ('context' in c) return evaluate(CONTEXTS[c.context], f);
  if ('not' in c) return evaluate(c.not, f) === null ? [] : null;
  if ('any' in c) {
    const held = c.any.map((x) => evaluate(x, f)).filter((e): e is FlagEvidence[] => e !== null);
    return held.length ? held.flat() : null;
  }
  const parts: FlagEvidence[] = [];
  for (const x of c.all) {
    const e = evaluate(x, f);
    if (e === null) return null;
    parts.push(...e);
  }
  return parts;
}

function unique(evidence: FlagEvidence[]): FlagEvidence[] {
  const seen = new Set<string>();
  return evidence.filter((e) => {
    const key = `${e.field}\u0000${e.answer}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toFlag(rule: RedFlagRule, evidence: FlagEvidence[]): SummaryFlag {
  return {
    id: rule.id,
    concept: rule.concept,
    urgency: rule.urgency,
    message: rule.message,
    evidence: unique(evidence),
    source: rule.source,
    ...(rule.crisis ? { crisis: true } : {}),
  };
}

/**
 * The flags a record raises, most urgent first. A flag is dropped when a more urgent flag of the same
 * concept is raised (a milder flag for the same problem only adds noise); its evidence and crisis mark
 * move to that flag. Flags of one concept at the same urgency stay apart: they are different pathways
 * (a lump and weight loss with night sweats are two suspected-cancer referrals).
 */
export function findFlags(answers: IntakeAnswers, now: Date = new Date()): SummaryFlag[] {
  const facts = factsOf(answers, now);
  const raised: SummaryFlag[] = [];
  for (const rule of RED_FLAG_RULES) {
    const evidence = evaluate(rule.when, facts);
    if (evidence !== null) raised.push(toFlag(rule, evidence));
  }
  const kept: SummaryFlag[] = [];
  for (const flag of byUrgency(raised)) {
    const stronger = kept.find((k) => k.concept === flag.concept && k.urgency !== flag.urgency);
    if (!stronger) {
      kept.push(flag);
      continue;
    }
    stronger.evidence = unique([...stronger.evidence, ...flag.evidence]);
    if (flag.crisis) stronger.crisis = true;
  }
  return kept;
}

/** Fields of the main questions that are free text to the clinical rules (everything but the name). */
export const TEXT_QUESTION_FIELDS: readonly string[] = [
  ...MAIN_QUESTIONS.filter((q) => (q.type === 'text' || q.type === 'textarea') && q.field !== 'name'),
  ...FOLLOW_UP_VISIT_QUESTIONS.filter((q) => q.type === 'text' || q.type === 'textarea'),
].map((q) => q.field);
