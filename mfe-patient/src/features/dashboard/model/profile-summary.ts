import {
  bmiCategory,
  computeBmi,
  reviewSections,
  type BmiCategory,
  type IntakeAnswers,
  type ReviewSection,
} from '@medora/shared/intake';

export interface ProfileBmi {
  bmi: number;
  category: BmiCategory;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * BMI of a stored profile. Two shapes of stored height exist: heightFeet/heightInches/weight
 * inside `heightWeight`, or heightFeet/heightInches/weightKg on the record itself; both are read.
 */
export function profileBmi(data: IntakeAnswers | null | undefined): ProfileBmi | null {
  if (!data) return null;
  const hw = (typeof data.heightWeight === 'object' &&
  data.heightWeight !== null &&
  !Array.isArray(data.heightWeight)
    ? data.heightWeight
    : {}) as unknown as Record<string, unknown>;
  const record = data as unknown as Record<string, unknown>;
  const feet = num(hw.heightFeet) ?? num(record.heightFeet);
  const inches = num(hw.heightInches) ?? num(record.heightInches) ?? 0;
  const kg = num(hw.weight) ?? num(hw.weightKg) ?? num(record.weightKg) ?? num(record.weight);
  if (feet === null || kg === null) return null;
  const bmi = computeBmi(feet, inches, kg);
  return bmi === null ? null : { bmi, category: bmiCategory(bmi) };
}

/**
 * The questionnaire's answers as the Patient Summary shows them below the clinical summary: the review
 * sections without empty rows, and without sections left empty (no documents: no documents section).
 */
export function questionnaireSections(data: IntakeAnswers | null | undefined): ReviewSection[] {
  if (!data) return [];
  return reviewSections(data, { viaDoctor: false })
    .map((s) => ({ ...s, items: s.items.filter((i) => i.label !== '') }))
    .filter((s) => s.items.length > 0);
}
