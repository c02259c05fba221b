import { MESSAGES, type MedicationProposal, type MedicineEntry } from '@medora/shared';
import { reminderFrom } from '../components/reminder-dialog';
import { EMPTY_FORM, formFromProposal, toMedicationInput, withMedicine } from './medication-form';

const salbutamol: MedicineEntry = {
  id: 'salbutamol',
  name: 'salbutamol',
  brands: ['Ventolin'],
  strengths: ['100 micrograms/dose'],
  forms: ['inhaler', 'tablet'],
  classKey: 'bronchodilator',
};

describe('the add/edit form', () => {
  it('sends trimmed text and empty fields as null, so an edit can clear one', () => {
    expect(
      toMedicationInput({ ...EMPTY_FORM, name: '  Ventolin ', dose: ' 2 puffs ', notes: '   ' }),
    ).toEqual({
      name: 'Ventolin',
      medicineId: null,
      strength: null,
      form: null,
      dose: '2 puffs',
      frequency: null,
      startedOn: null,
      startedText: null,
      reason: null,
      conditionKey: null,
      prescriber: null,
      notes: null,
    });
  });

  it('takes a picked medicine’s name and id, and its only strength, but not one of two forms', () => {
    const picked = withMedicine({ ...EMPTY_FORM, name: 'ventolin' }, salbutamol);
    expect(picked).toMatchObject({
      name: 'Salbutamol',
      medicineId: 'salbutamol',
      strength: '100 micrograms/dose',
      form: '',
    });
    expect(withMedicine({ ...EMPTY_FORM, strength: '200 micrograms' }, salbutamol).strength).toBe(
      '200 micrograms',
    );
  });

  it('prefills a drug proposal and leaves a class proposal’s name to the patient', () => {
    const drug: MedicationProposal = {
      key: 'intake:v1:0',
      kind: 'drug',
      sourceText: 'ventolin 2 puffs',
      medicineId: 'salbutamol',
      name: 'Salbutamol',
      strength: null,
      dose: '2 puffs',
      frequency: null,
      conditionKey: 'asthma',
    };
    expect(formFromProposal(drug)).toMatchObject({
      name: 'Salbutamol',
      medicineId: 'salbutamol',
      dose: '2 puffs',
    });
    expect(formFromProposal({ ...drug, medicineId: null, name: null })).toMatchObject({
      name: 'ventolin 2 puffs',
    });
    expect(formFromProposal({ ...drug, kind: 'class', sourceText: 'Inhalers' })).toEqual({
      ...EMPTY_FORM,
      conditionKey: 'asthma',
    });
  });
});

describe('reminderFrom', () => {
  it('needs a time for a daily reminder and a date for a refill one', () => {
    expect(reminderFrom('daily', '', '', 3)).toEqual({ error: MESSAGES.medsReminderNeedsTime });
    expect(reminderFrom('daily', '07:45', '', 3)).toEqual({ kind: 'daily', time: '07:45' });
    expect(reminderFrom('refill', '08:00', '', 3)).toEqual({ error: MESSAGES.medsReminderNeedsDate });
    expect(reminderFrom('off', '', '', 3)).toEqual({ kind: 'off' });
  });

  it('keeps "days before" inside what the API accepts', () => {
    expect(reminderFrom('refill', '', '2030-01-15', 90)).toEqual({
      kind: 'refill',
      runsOutOn: '2030-01-15',
      daysBefore: 60,
    });
    expect(reminderFrom('refill', '', '2030-01-15', -2)).toMatchObject({ daysBefore: 0 });
    expect(reminderFrom('refill', '', '2030-01-15', Number.NaN)).toMatchObject({ daysBefore: 0 });
  });
});
