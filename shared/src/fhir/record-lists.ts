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
  medications: string[];
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

/** The clinical lists of a patient's profile answers (the stable facts of the intake). */
export function healthRecordLists(answers: IntakeAnswers): HealthRecordLists {
  return {
    allergies: allergies(answers),
    conditions: conditions(answers),
    medications: medications(answers),
    surgeries: surgeries(answers),
    measures: measures(answers),
  };
}
