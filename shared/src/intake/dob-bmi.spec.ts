import { bmiCategory, computeBmi, isHeightWeightValid } from './bmi.js';
import { ageOn, birthYears, daysInMonth, formatDob, isLeapYear, isValidDob, parseDob } from './dob.js';

describe('date of birth', () => {
  it('offers the years from the current year down to 1900', () => {
    const years = birthYears(new Date(2026, 5, 1));
    expect(years[0]).toBe(2026);
    expect(years[years.length - 1]).toBe(1900);
    expect(years).toHaveLength(127);
  });

  it('knows leap years, including the century rules', () => {
    expect([2024, 2000, 1904].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
  });

  it('gives the days of each month, February by leap year', () => {
    expect(daysInMonth(1, 2023)).toBe(31);
    expect(daysInMonth(4, 2023)).toBe(30);
    expect(daysInMonth(2, 2023)).toBe(28);
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(daysInMonth(2, 1900)).toBe(28);
    expect(daysInMonth(2)).toBe(29);
  });

  it('formats complete, possible dates only', () => {
    expect(formatDob({ year: 1990, month: 3, day: 7 })).toBe('1990-03-07');
    expect(formatDob({ year: 1990, month: 3 })).toBeNull();
    expect(formatDob({ year: 1899, month: 3, day: 7 })).toBeNull();
    expect(formatDob({ year: 2023, month: 2, day: 29 })).toBeNull();
    expect(parseDob('1990-03-07')).toEqual({ year: 1990, month: 3, day: 7 });
    expect(parseDob('garbage')).toEqual({});
  });

  it('accepts dates from 1900 up to today only', () => {
    const today = new Date(2026, 10, 21);
    expect(isValidDob('2026-11-21', today)).toBe(true);
    expect(isValidDob('2026-11-22', today)).toBe(false);
    expect(isValidDob('1900-01-01', today)).toBe(true);
    expect(isValidDob('1990-3-7', today)).toBe(false);
  });

  it('computes the age in whole years', () => {
    const today = new Date(2026, 10, 21);
    expect(ageOn('2005-11-21', today)).toBe(21);
    expect(ageOn('2005-11-22', today)).toBe(20);
    expect(ageOn('nope', today)).toBeNull();
  });
});

describe('height, weight and BMI', () => {
  it('computes kg / m² with one decimal', () => {
    expect(computeBmi(5, 7, 70)).toBe(24.2);
    expect(computeBmi(6, 0, 90)).toBe(26.9);
    expect(computeBmi(0, 0, 70)).toBeNull();
    expect(computeBmi(5, 7, 0)).toBeNull();
  });

  it('categorises: Underweight < 18.5, Normal 18.5-24.9, Overweight 25-29.9, Obese 30+', () => {
    expect(bmiCategory(18.4)).toBe('Underweight');
    expect(bmiCategory(18.5)).toBe('Normal');
    expect(bmiCategory(24.9)).toBe('Normal');
    expect(bmiCategory(25)).toBe('Overweight');
    expect(bmiCategory(29.9)).toBe('Overweight');
    expect(bmiCategory(30)).toBe('Obese');
  });

  it('checks feet 0-8 and inches 0-11 as whole numbers and weight 0-500', () => {
    expect(isHeightWeightValid({ heightFeet: 8, heightInches: 11, weight: 500 })).toBe(true);
    expect(isHeightWeightValid({ heightFeet: 5.5, heightInches: 0, weight: 60 })).toBe(false);
    expect(isHeightWeightValid({ heightFeet: 5, heightInches: 0, weight: 72.5 })).toBe(true);
    expect(isHeightWeightValid({ heightFeet: -1, heightInches: 0, weight: 60 })).toBe(false);
  });
});
