import {
  chronicConditionsOf,
  filterDoctorsForConditions,
  sampleDoctors,
  specialtiesForConditions,
} from './doctors.js';

const doctors = [
  'Cardiology',
  'General Medicine',
  'Pediatrics',
  'Endocrinology',
  'Pulmonology',
  'Nephrology',
  'Gastroenterology',
  'Oncology',
].map((specialty) => ({ name: `Dr. ${specialty}`, specialty }));

const specialties = (conditions: string[]) =>
  filterDoctorsForConditions(doctors, conditions).map((d) => d.specialty);

describe('filterDoctorsForConditions', () => {
  it.each([
    ['Heart Disease', 'Cardiology'],
    ['Hypertension', 'Cardiology'],
    ['Diabetes', 'Endocrinology'],
    ['Thyroid Disorder', 'Endocrinology'],
    ['Asthma', 'Pulmonology'],
    ['COPD', 'Pulmonology'],
    ['Kidney Disease', 'Nephrology'],
    ['Liver Disease', 'Gastroenterology'],
    ['Cancer', 'Oncology'],
  ])('sends %s to %s, with General Medicine', (condition, specialty) => {
    expect(specialties([condition])).toEqual([specialty, 'General Medicine'].sort(byListOrder));
  });

  it('combines conditions', () => {
    expect(specialties(['Diabetes', 'Asthma'])).toEqual(['General Medicine', 'Endocrinology', 'Pulmonology']);
  });

  it('shows every doctor when no condition maps to a specialty', () => {
    expect(specialties([])).toHaveLength(doctors.length);
    expect(specialties(['Arthritis'])).toHaveLength(doctors.length);
  });

  it('shows every doctor when no doctor has a wanted specialty', () => {
    const few = [{ name: 'Dr. P', specialty: 'Pediatrics' }];
    expect(filterDoctorsForConditions(few, ['Cancer'])).toEqual(few);
  });

  it('always includes General Medicine among the specialties', () => {
    expect([...specialtiesForConditions(['Hypertension'])].sort()).toEqual([
      'Cardiology',
      'General Medicine',
    ]);
  });
});

describe('sampleDoctors (the fallbacks)', () => {
  it('are Cardiology, General Medicine and Pediatrics, with or without schedules', () => {
    expect(sampleDoctors({ withSchedules: true }).map((d) => d.specialty)).toEqual([
      'Cardiology',
      'General Medicine',
      'Pediatrics',
    ]);
    expect(sampleDoctors({ withSchedules: true }).every((d) => d.schedule!.availableDays.length > 0)).toBe(
      true,
    );
    expect(sampleDoctors({ withSchedules: false }).every((d) => d.schedule === undefined)).toBe(true);
  });
});

function byListOrder(a: string, b: string): number {
  const order = doctors.map((d) => d.specialty);
  return order.indexOf(a) - order.indexOf(b);
}

describe('chronicConditionsOf', () => {
  it('reads data.chronicConditions and treats anything else as none', () => {
    expect(chronicConditionsOf({ exists: true, data: { chronicConditions: ['Asthma', 3] } })).toEqual([
      'Asthma',
    ]);
    expect(chronicConditionsOf({ exists: false })).toEqual([]);
    expect(chronicConditionsOf(undefined)).toEqual([]);
  });
});
