import { ALLERGIES, CHRONIC_CONDITIONS, CONDITION_DURATIONS, GENDERS } from '../intake/options.js';
import { APPOINTMENT_STATUSES } from '../booking/types.js';
import {
  ALLERGY_FHIR,
  APPOINTMENT_STATUS_FHIR,
  CONDITION_FHIR,
  GENDER_FHIR,
  CONDITION_DURATION_YEARS,
  healthRecordFileName,
  heightCm,
  NONE_KNOWN_FHIR,
  VITAL_FHIR,
} from './codes.js';
import { CHRONIC_FOLLOW_UPS } from '../intake/content.js';
import { healthRecordLists, SINGLE_DRUG_OPTIONS } from './record-lists.js';

/** The FHIR table covers every option exactly (an option added without a decision fails). */
describe('FHIR code table', () => {
  const options = (list: readonly string[]) => list.filter((o) => o !== 'None').sort();

  it('has one entry per allergy, condition, gender and appointment status, and no stale key', () => {
    expect(Object.keys(ALLERGY_FHIR).sort()).toEqual(options(ALLERGIES));
    expect(Object.keys(CONDITION_FHIR).sort()).toEqual(options(CHRONIC_CONDITIONS));
    expect(Object.keys(GENDER_FHIR).sort()).toEqual([...GENDERS].sort());
    expect(Object.keys(APPOINTMENT_STATUS_FHIR).sort()).toEqual([...APPOINTMENT_STATUSES].sort());
  });

  it('uses SNOMED CT concept ids (digits, no duplicates) and the vital LOINC codes', () => {
    const codes = [
      ...Object.values(ALLERGY_FHIR).flatMap((a) => (a.snomed ? [a.snomed.code] : [])),
      ...Object.values(CONDITION_FHIR).flatMap((c) => (c ? [c.code] : [])),
    ];
    for (const c of codes) expect(c).toMatch(/^[1-9]\d{5,17}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // International edition only: an SCTID's partition (the two digits before the check digit) is 00
    // for a core concept and 10 for an extension's (a national edition a receiver may not have).
    for (const c of [...codes, ...Object.values(NONE_KNOWN_FHIR).map((n) => n.code)]) {
      expect([c, c.slice(-3, -1)]).toEqual([c, '00']);
    }
    expect(Object.keys(CONDITION_DURATION_YEARS)).toEqual([...CONDITION_DURATIONS]);
    expect(Object.values(VITAL_FHIR).map((v) => [v.code, v.unit])).toEqual([
      ['8302-2', 'cm'],
      ['29463-7', 'kg'],
      ['39156-5', 'kg/m2'],
    ]);
  });

  it('converts feet and inches to centimetres and names the file by the UTC day', () => {
    expect(heightCm(5, 10)).toBe(177.8);
    expect(heightCm(1, 0)).toBe(30.5);
    expect(healthRecordFileName(new Date('2026-11-24T23:30:00Z'))).toBe(
      'medora-health-record-2026-11-24.json',
    );
    expect(healthRecordFileName(new Date('2026-11-24T23:30:00Z'), 'ips')).toBe(
      'medora-patient-summary-2026-11-24.json',
    );
  });
});

describe('healthRecordLists', () => {
  it('reads allergies, conditions, medicines, surgeries and measures; None gives nothing', () => {
    const lists = healthRecordLists({
      allergyList: ['Latex'],
      allergies: ' Aspirin ',
      chronicConditions: ['Asthma'],
      asthmaDuration: 'Over 10 years',
      asthmaMeds: ['Other', 'Reliever inhaler (e.g. salbutamol/albuterol)'],
      medications: 'Salbutamol\n\n',
      medicationClasses: ['Inhalers', 'Other'],
      medicationOther: 'Zinc',
      pastSurgeries: 'Yes',
      surgeryTypes: ['Eye'],
      surgeryRegions: ['Other'],
      surgeryRegionOther: 'Left eye',
      heightWeight: { heightFeet: 6, heightInches: 0, weight: 80 },
    });
    expect(lists.allergies).toEqual([
      { option: 'Latex', text: 'Latex' },
      { option: null, text: 'Aspirin' },
    ]);
    expect(lists.conditions).toEqual([{ option: 'Asthma', text: 'Asthma', duration: 'Over 10 years' }]);
    expect(lists.medications).toEqual([
      'Salbutamol',
      'Inhalers',
      'Zinc',
      'Reliever inhaler (e.g. salbutamol/albuterol)',
    ]);
    // Drugs only: 'Inhalers' and the reliever inhaler option are kinds of medicine.
    expect(lists.drugs).toEqual(['Salbutamol', 'Zinc']);
    expect(lists.noneKnown).toEqual({ allergies: false, conditions: false, medications: false });
    expect(lists.surgeries).toEqual([
      { text: 'Eye', bodySites: ['Left eye'], when: null, recovery: null, note: null },
    ]);
    expect(lists.measures).toEqual({ heightCm: 182.9, weightKg: 80, bmi: 23.9 });
    const none = healthRecordLists({
      allergyList: ['None'],
      chronicConditions: ['None'],
      medicationClasses: ['None'],
      pastSurgeries: 'No',
    });
    expect(none).toEqual({
      allergies: [],
      conditions: [],
      medications: [],
      drugs: [],
      noneKnown: { allergies: true, conditions: true, medications: true },
      surgeries: [],
      measures: null,
    });
    // Not answered is not "none": silence stays silence.
    expect(healthRecordLists({}).noneKnown).toEqual({
      allergies: false,
      conditions: false,
      medications: false,
    });
    // 'None' beside free text is not a known absence.
    expect(healthRecordLists({ allergyList: ['None'], allergies: 'Aspirin' }).noneKnown.allergies).toBe(
      false,
    );
  });

  it('names a follow-up drug once, even when a free-text line already starts with it', () => {
    const lists = healthRecordLists({
      chronicConditions: ['Diabetes', 'Thyroid Disorder'],
      diabetesMeds: ['Metformin', 'Insulin', 'DPP-4 inhibitor (e.g. sitagliptin)'],
      thyroidMeds: ['Levothyroxine'],
      medications: 'metformin 500 mg\nInsulin',
    });
    expect(lists.drugs).toEqual(['metformin 500 mg', 'Insulin', 'Levothyroxine']);
  });

  it('every single-drug option is an option of a condition follow-up', () => {
    const options = new Set(
      CHRONIC_FOLLOW_UPS.flatMap((t) =>
        t.questions.flatMap((q) => ('options' in q ? [...(q.options ?? [])] : [])),
      ),
    );
    for (const drug of SINGLE_DRUG_OPTIONS) expect(options).toContain(drug);
  });
});
