import { DOCTOR_SPECIALTIES } from '../intake/options.js';
import { MAIN_QUESTIONS } from '../intake/content.js';
import {
  SYMPTOM_SPECIALTIES,
  currentSymptomsOf,
  doctorMatchesSearch,
  specialtiesForSymptoms,
} from './doctors.js';

/** The symptom options the intake offers: the `symptoms` and `additionalSymptoms` questions. */
const symptomOptions = new Set(
  MAIN_QUESTIONS.filter((q) => q.field === 'symptoms' || q.field === 'additionalSymptoms').flatMap(
    (q) => q.options ?? [],
  ),
);

describe('symptom → specialty mapping', () => {
  it('names only symptom options of the intake question bank', () => {
    expect(symptomOptions.size).toBeGreaterThan(30);
    const unknown = Object.keys(SYMPTOM_SPECIALTIES).filter((s) => !symptomOptions.has(s));
    expect(unknown).toEqual([]);
  });

  it('maps only to one of the 16 specialties', () => {
    const known = new Set<string>(DOCTOR_SPECIALTIES);
    expect(known.size).toBe(16);
    expect(Object.values(SYMPTOM_SPECIALTIES).filter((s) => !known.has(s))).toEqual([]);
  });

  it('suggests Cardiology for chest pain and Dermatology for a rash', () => {
    expect([...specialtiesForSymptoms(['Chest Pain'])]).toEqual(['Cardiology']);
    expect([...specialtiesForSymptoms(['Rash', 'Chest Pain', 'Fever', 'Other'])].sort()).toEqual([
      'Cardiology',
      'Dermatology',
    ]);
    expect(specialtiesForSymptoms([]).size).toBe(0);
  });

  it('reads the current symptoms of a profile, and none from anything else', () => {
    expect(
      currentSymptomsOf({ data: { symptoms: ['Chest Pain', 3], additionalSymptoms: ['Itching'] } }),
    ).toEqual(['Chest Pain', 'Itching']);
    expect(currentSymptomsOf(null)).toEqual([]);
    expect(currentSymptomsOf({ data: { symptoms: 'Chest Pain' } })).toEqual([]);
  });

  it('searches doctors by name or specialty, case-insensitively', () => {
    const doctor = { name: 'Dr. Sarah Johnson', specialty: 'Cardiology' };
    expect(doctorMatchesSearch(doctor, '')).toBe(true);
    expect(doctorMatchesSearch(doctor, 'johnson')).toBe(true);
    expect(doctorMatchesSearch(doctor, ' CARDIO ')).toBe(true);
    expect(doctorMatchesSearch(doctor, 'derm')).toBe(false);
  });
});
