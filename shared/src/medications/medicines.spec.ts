import {
  MEDICINES,
  MEDICINES_SOURCE,
  medicineById,
  recognizeMedicine,
  searchMedicines,
} from './medicines.js';

const names = (query: string) => searchMedicines(query).map((m) => m.name);

describe('the shared medicine list', () => {
  it('holds several hundred medicines with unique ids, each with a strength and a form', () => {
    expect(MEDICINES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(MEDICINES.map((m) => m.id)).size).toBe(MEDICINES.length);
    for (const m of MEDICINES) {
      expect([m.name, m.strengths.length > 0, m.forms.length > 0]).toEqual([m.name, true, true]);
    }
  });

  it('says where it comes from, honestly', () => {
    expect(MEDICINES_SOURCE.name).toMatch(/WHO Model List of Essential Medicines \(23rd list, 2023\)/);
    expect(MEDICINES_SOURCE.name).toMatch(/Compiled by the Medora team/);
    expect(MEDICINES_SOURCE.url).toMatch(/^https:\/\/www\.who\.int\//);
    expect(MEDICINES_SOURCE.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('marks the classes the clinical summary relies on', () => {
    const classOf = (id: string) => medicineById(id)?.classKey;
    expect(classOf('warfarin')).toBe('anticoagulant');
    expect(classOf('apixaban')).toBe('anticoagulant');
    expect(classOf('insulin-glargine')).toBe('insulin');
    expect(classOf('capecitabine')).toBe('chemotherapy');
    expect(classOf('azathioprine')).toBe('immunosuppressant');
    expect(classOf('amlodipine')).toBe('antihypertensive');
    expect(classOf('atorvastatin')).toBe('statin');
  });
});

describe('searchMedicines', () => {
  it('finds a drug by its generic name, ignoring the strength typed after it', () => {
    expect(names('amlodipine 5mg')[0]).toBe('amlodipine');
    expect(names('Amlodipine 10 mg tablets')[0]).toBe('amlodipine');
    expect(names('amlo')[0]).toBe('amlodipine');
  });

  it('finds a drug by a brand name', () => {
    expect(names('Norvasc')).toEqual(['amlodipine']);
    expect(names('eliquis')).toEqual(['apixaban']);
    expect(names('Ventolin')[0]).toBe('salbutamol');
    expect(names('lantus')).toEqual(['insulin glargine']);
  });

  it('finds a drug by a later word of its name, but never by a word many drugs share', () => {
    expect(names('glargine')).toEqual(['insulin glargine']);
    expect(names('valproate')).toContain('sodium valproate');
    expect(names('acid')).toEqual([]);
    expect(names('fumarate')).toEqual([]);
    expect(names('with')).toEqual([]);
  });

  it('lists the generic name before brands and longer names, and respects the limit', () => {
    const found = names('met');
    expect(found[0]).toBe('metformin');
    expect(searchMedicines('a', 5)).toEqual([]);
    expect(searchMedicines('ins', 3)).toHaveLength(3);
  });

  it('finds nothing for a bare strength or empty text', () => {
    expect(names('5 mg')).toEqual([]);
    expect(names('   ')).toEqual([]);
  });
});

describe('recognizeMedicine', () => {
  it('takes the longest name a line starts with, and the rest of the line', () => {
    expect(recognizeMedicine('Eliquis 5 mg twice a day')).toEqual({
      entry: medicineById('apixaban'),
      rest: '5 mg twice a day',
    });
    expect(recognizeMedicine('insulin glargine 20 units at night')?.entry.id).toBe('insulin-glargine');
    expect(recognizeMedicine('losartan with hydrochlorothiazide 50/12.5')?.entry.id).toBe(
      'losartan-with-hydrochlorothiazide',
    );
    expect(recognizeMedicine('my water tablet')).toBeNull();
  });
});
