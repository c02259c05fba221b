/**
 * The patient's problems, medicines, allergies, surgeries and body measures, read once
 * from the intake's profile answers — for the FHIR export (API) and the printable summary (dashboard).
 */
import { chronicFollowUp } from '../intake/content.js';
import { computeBmi, isHeightWeightValid } from '../intake/bmi.js';
import { ALLERGIES, CHRONIC_CONDITIONS } from '../intake/options.js';
import type { HeightWeight, IntakeAnswers } from '../intake/types.js';
import { heightCm } from './codes.js';

export interface RecordAllergy {
  /** The option as the intake lists it, or null for the free-text "other allergies" answer. */
  option: (typeof ALLERGIES)[number] | null;
  text: string;
}

export interface RecordCondition {
  option: (typeof CHRONIC_CONDITIONS)[number] | null;
  text: string;
  /** The follow-up's "how long" bucket, when the condition has one. */
  duration: string | null;
}

export interface RecordSurgery {
  /** The kind of surgery ('Heart', …) as chosen. */
  text: string;
  bodySites: string[];
  /** "When was your most recent surgery?" (a bucket such as '1-2 years ago'). */
  when: string | null;
  recovery: string | null;
  note: string | null;
}

export interface RecordMeasures {
  heightCm: number;
  weightKg: number;
  bmi: number | null;
}

export interface HealthRecordLists {
  allergies: RecordAllergy[];
  conditions: RecordCondition[];
  /** Everything said about medicines, kinds of medicine included (what the printable summary shows). */
  medications: string[];
  /**
   * Only the medicines that name a drug, once each: the free-text lines, the "other" medicine and the
   * condition follow-ups' single-drug options — never a kind of medicine ('Blood pressure medicines',
   * 'ACE inhibitor (e.g. …)'), which another system would take for a prescription. A follow-up option
   * already named at the start of a free-text line ('Metformin' in 'Metformin 500 mg') is not repeated.
   */
  drugs: string[];
  /** The intake's explicit 'None' answers (and nothing else in that list): known absence, not silence. */
  noneKnown: { allergies: boolean; conditions: boolean; medications: boolean };
  surgeries: RecordSurgery[];
  measures: RecordMeasures | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
const isOption = <T extends string>(options: readonly T[], value: string): value is T =>
  (options as readonly string[]).includes(value);

function allergies(a: IntakeAnswers): RecordAllergy[] {
  const out: RecordAllergy[] = list(a.allergyList)
    .filter((o) => o !== 'None')
    .map((o) => ({ option: isOption(ALLERGIES, o) ? o : null, text: o }));
  const other = text(a.allergies);
  if (other) out.push({ option: null, text: other });
  return out;
}

function conditions(a: IntakeAnswers): RecordCondition[] {
  const out: RecordCondition[] = list(a.chronicConditions)
    .filter((o) => o !== 'None')
    .map((o) => {
      const followUp = chronicFollowUp(o);
      const duration = followUp ? text(a[`${followUp.prefix}Duration`]) : '';
      return { option: isOption(CHRONIC_CONDITIONS, o) ? o : null, text: o, duration: duration || null };
    });
  const other = text(a.chronicOther);
  if (other) out.push({ option: null, text: other, duration: null });
  return out;
}

/** Every medicine named: the free text (one a line), the kinds chosen and each condition's medicines. */
function medications(a: IntakeAnswers): string[] {
  const named = text(a.medications)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const classes = list(a.medicationClasses).filter((c) => c !== 'None' && c !== 'Other');
  const other = list(a.medicationClasses).includes('Other') ? text(a.medicationOther) : '';
  const perCondition = list(a.chronicConditions).flatMap((c) => {
    const followUp = chronicFollowUp(c);
    return followUp ? list(a[`${followUp.prefix}Meds`]).filter((m) => m !== 'Other') : [];
  });
  const all = [...named, ...classes, ...(other ? [other] : []), ...perCondition];
  return [...new Set(all)];
}

/**
 * The condition follow-ups' options that name one drug (or one of two alternatives); the other options
 * are kinds of medicine, "no medication" answers or 'Other'.
 */
export const SINGLE_DRUG_OPTIONS: ReadonlySet<string> = new Set([
  'Metformin',
  'Insulin',
  'Aspirin',
  'Nitroglycerin spray or tablets',
  'Montelukast',
  'Oral steroid courses (prednisolone)',
  'Levothyroxine',
  'Liothyronine',
  'Carbimazole or methimazole',
  'Propylthiouracil',
]);

const startsWithWord = (line: string, name: string) =>
  line.toLowerCase() === name.toLowerCase() || line.toLowerCase().startsWith(`${name.toLowerCase()} `);

function drugs(a: IntakeAnswers): string[] {
  const named = text(a.medications)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const other = list(a.medicationClasses).includes('Other') ? text(a.medicationOther) : '';
  const perCondition = list(a.chronicConditions).flatMap((c) => {
    const followUp = chronicFollowUp(c);
    return followUp ? list(a[`${followUp.prefix}Meds`]).filter((m) => SINGLE_DRUG_OPTIONS.has(m)) : [];
  });
  const out: string[] = [];
  for (const drug of [...named, ...(other ? [other] : []), ...perCondition]) {
    if (!out.some((seen) => startsWithWord(seen, drug))) out.push(drug);
  }
  return out;
}

function surgeries(a: IntakeAnswers): RecordSurgery[] {
  if (a.pastSurgeries !== 'Yes') return [];
  const regions = list(a.surgeryRegions).flatMap((r) =>
    r === 'Other' ? (text(a.surgeryRegionOther) ? [text(a.surgeryRegionOther)] : []) : [r],
  );
  const shared = {
    bodySites: regions,
    when: text(a.surgeryDate) || null,
    recovery: text(a.surgeryRecovery) || null,
    note: text(a.surgeryOther) || null,
  };
  const types = list(a.surgeryTypes);
  return (types.length ? types : ['Other']).map((t) => ({ text: t, ...shared }));
}

function measures(a: IntakeAnswers): RecordMeasures | null {
  const hw = a.heightWeight as HeightWeight | undefined;
  if (!isHeightWeightValid(hw)) return null;
  const { heightFeet, heightInches, weight } = hw!;
  return {
    heightCm: heightCm(heightFeet, heightInches),
    weightKg: weight,
    bmi: computeBmi(heightFeet, heightInches, weight),
  };
}

/** 'None' chosen, and no other option or free text beside it. */
function noneKnown(a: IntakeAnswers): HealthRecordLists['noneKnown'] {
  const onlyNone = (v: unknown) => {
    const l = list(v);
    return l.length === 1 && l[0] === 'None';
  };
  return {
    allergies: onlyNone(a.allergyList) && !text(a.allergies),
    conditions: onlyNone(a.chronicConditions) && !text(a.chronicOther),
    medications: onlyNone(a.medicationClasses) && !text(a.medications),
  };
}

/** The clinical lists of a patient's profile answers (the stable facts of the intake). */
export function healthRecordLists(answers: IntakeAnswers): HealthRecordLists {
  return {
    allergies: allergies(answers),
    conditions: conditions(answers),
    medications: medications(answers),
    drugs: drugs(answers),
    noneKnown: noneKnown(answers),
    surgeries: surgeries(answers),
    measures: measures(answers),
  };
}
