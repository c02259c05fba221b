/** Height, weight and BMI. */
import { formatMessage, MESSAGES } from '@medora/shared/messages';

export const HEIGHT_FEET = { min: 0, max: 8 } as const;
export const HEIGHT_INCHES = { min: 0, max: 11 } as const;
/** Zero is refused; the spec's upper bound stays. */
export const WEIGHT_KG = { min: 1, max: 500 } as const;
/** A height of 0 ft 0 in is refused; the shortest accepted height is 1 ft 0 in. */
export const HEIGHT_TOTAL_INCHES = { min: 12, max: HEIGHT_FEET.max * 12 + HEIGHT_INCHES.max } as const;

const feetInches = (inches: number) => `${Math.floor(inches / 12)} ft ${inches % 12} in`;

export type BmiCategory = 'Underweight' | 'Normal' | 'Overweight' | 'Obese';

/** The ideal range shown beside the live BMI. */
export const IDEAL_BMI_RANGE = '18.5-24.9';

const inRange = (n: unknown, r: { min: number; max: number }, integer: boolean) =>
  typeof n === 'number' &&
  Number.isFinite(n) &&
  n >= r.min &&
  n <= r.max &&
  (!integer || Number.isInteger(n));

type HeightWeightInput = { heightFeet?: unknown; heightInches?: unknown; weight?: unknown } | undefined;

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** A problem of a height and weight: the message, and the part it is about (none: all missing). */
export interface HeightWeightIssue {
  part: 'heightFeet' | 'heightInches' | 'weight' | null;
  message: string;
}

/**
 * What is wrong with a height and weight, or null when it is valid: all three present (the intake's
 * message), whole feet and inches 0–11, a height from 1 ft 0 in to 8 ft 11 in and a weight from 1 to
 * 500 kg (ranges named, zeros refused). The page and the API show the same message.
 */
export function heightWeightIssue(hw: HeightWeightInput): HeightWeightIssue | null {
  if (!hw || !isNumber(hw.heightFeet) || !isNumber(hw.heightInches) || !isNumber(hw.weight))
    return { part: null, message: MESSAGES.heightWeightRequired };
  const heightRange = formatMessage('heightRange', {
    min: feetInches(HEIGHT_TOTAL_INCHES.min),
    max: feetInches(HEIGHT_TOTAL_INCHES.max),
  });
  if (!inRange(hw.heightFeet, HEIGHT_FEET, false)) return { part: 'heightFeet', message: heightRange };
  if (!Number.isInteger(hw.heightFeet))
    return { part: 'heightFeet', message: formatMessage('heightFeetRange', HEIGHT_FEET) };
  if (!inRange(hw.heightInches, HEIGHT_INCHES, true))
    return { part: 'heightInches', message: formatMessage('heightInchesRange', HEIGHT_INCHES) };
  const total = hw.heightFeet * 12 + hw.heightInches;
  if (total < HEIGHT_TOTAL_INCHES.min || total > HEIGHT_TOTAL_INCHES.max)
    return { part: 'heightFeet', message: heightRange };
  if (!inRange(hw.weight, WEIGHT_KG, false))
    return { part: 'weight', message: formatMessage('weightRange', WEIGHT_KG) };
  return null;
}

/** The message of {@link heightWeightIssue}, or null when the height and weight are valid. */
export function heightWeightProblem(hw: HeightWeightInput): string | null {
  return heightWeightIssue(hw)?.message ?? null;
}

/** True when {@link heightWeightProblem} finds nothing wrong. */
export function isHeightWeightValid(hw: HeightWeightInput): boolean {
  return heightWeightProblem(hw) === null;
}

/** BMI = kg / m², rounded to one decimal; null when the height is zero or a value is missing. */
export function computeBmi(heightFeet: number, heightInches: number, weightKg: number): number | null {
  if (![heightFeet, heightInches, weightKg].every((n) => typeof n === 'number' && Number.isFinite(n)))
    return null;
  const metres = (heightFeet * 12 + heightInches) * 0.0254;
  if (metres <= 0 || weightKg <= 0) return null;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

/** Underweight below 18.5, Normal 18.5–24.9, Overweight 25–29.9, Obese 30 and up. */
export function bmiCategory(bmi: number): BmiCategory {
  if (bmi < 18.5) return 'Underweight';
  if (bmi < 25) return 'Normal';
  if (bmi < 30) return 'Overweight';
  return 'Obese';
}
