/** Height, weight and BMI (spec §5, §9). */

export const HEIGHT_FEET = { min: 0, max: 8 } as const;
export const HEIGHT_INCHES = { min: 0, max: 11 } as const;
export const WEIGHT_KG = { min: 0, max: 500 } as const;

export type BmiCategory = 'Underweight' | 'Normal' | 'Overweight' | 'Obese';

/** The ideal range shown beside the live BMI (spec §5). */
export const IDEAL_BMI_RANGE = '18.5-24.9';

const inRange = (n: unknown, r: { min: number; max: number }, integer: boolean) =>
  typeof n === 'number' &&
  Number.isFinite(n) &&
  n >= r.min &&
  n <= r.max &&
  (!integer || Number.isInteger(n));

/** True when feet (0–8, whole), inches (0–11, whole) and weight (0–500 kg) are all present and in range. */
export function isHeightWeightValid(
  hw: { heightFeet?: unknown; heightInches?: unknown; weight?: unknown } | undefined,
) {
  return (
    hw !== undefined &&
    inRange(hw.heightFeet, HEIGHT_FEET, true) &&
    inRange(hw.heightInches, HEIGHT_INCHES, true) &&
    inRange(hw.weight, WEIGHT_KG, false)
  );
}

/** BMI = kg / m², rounded to one decimal; null when the height is zero or a value is missing. */
export function computeBmi(heightFeet: number, heightInches: number, weightKg: number): number | null {
  if (![heightFeet, heightInches, weightKg].every((n) => typeof n === 'number' && Number.isFinite(n)))
    return null;
  const metres = (heightFeet * 12 + heightInches) * 0.0254;
  if (metres <= 0 || weightKg <= 0) return null;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

/** Underweight below 18.5, Normal 18.5–24.9, Overweight 25–29.9, Obese 30 and up (spec §5). */
export function bmiCategory(bmi: number): BmiCategory {
  if (bmi < 18.5) return 'Underweight';
  if (bmi < 25) return 'Normal';
  if (bmi < 30) return 'Overweight';
  return 'Obese';
}
