import {
  medicationDoseLine,
  medicationReminderText,
  medicationStarted,
  medicationStatusText,
  medicationStrengthForm,
  medicationSummaryLine,
  medicineDisplayName,
} from './display.js';
import type { Medication } from './types.js';

const med: Medication = {
  id: 'm1',
  patientUid: 'p1',
  name: 'Lisinopril',
  medicineId: 'lisinopril',
  strength: '10 mg',
  form: 'tablet',
  dose: '1 tablet',
  frequency: 'once a day',
  startedOn: null,
  startedText: null,
  reason: null,
  conditionKey: null,
  prescriber: null,
  prescriberUid: null,
  status: 'taking',
  statusOn: null,
  statusReason: null,
  notes: null,
  source: 'patient',
  confirmedAt: '2026-11-01T10:00:00Z',
  reminder: { kind: 'off' },
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  version: 1,
};

describe('how a medicine reads', () => {
  it('joins only the parts that are known', () => {
    expect(medicationStrengthForm(med)).toBe('10 mg tablet');
    expect(medicationStrengthForm({ strength: null, form: ' inhaler ' })).toBe('inhaler');
    expect(medicationDoseLine(med)).toBe('1 tablet, once a day');
    expect(medicationDoseLine({ dose: '', frequency: null })).toBe('');
  });

  it('says when it was started: a date as people read it, else the patient’s words', () => {
    expect(medicationStarted({ startedOn: '2024-03-01', startedText: 'years ago' })).toBe('Fri 1 Mar 2024');
    expect(medicationStarted({ startedOn: null, startedText: 'years ago' })).toBe('years ago');
    expect(medicationStarted({ startedOn: null, startedText: null })).toBe('');
  });

  it('states the status with its day and reason', () => {
    expect(medicationStatusText(med)).toBe('Taking');
    expect(
      medicationStatusText({ status: 'stopped', statusOn: '2026-11-26', statusReason: 'Dry cough' }),
    ).toBe('Stopped on Thu 26 Nov 2026 (Dry cough)');
    expect(medicationStatusText({ status: 'paused', statusOn: '2026-11-26', statusReason: ' ' })).toBe(
      'Paused since Thu 26 Nov 2026',
    );
  });

  it('states the reminder, with the plural of days from Intl', () => {
    expect(medicationReminderText({ kind: 'off' })).toBe('No reminder');
    expect(medicationReminderText({ kind: 'daily', time: '08:30' })).toBe('Every day at 08:30');
    expect(medicationReminderText({ kind: 'refill', runsOutOn: '2026-12-10', daysBefore: 1 })).toBe(
      '1 day before I run out on Thu 10 Dec 2026',
    );
    expect(medicationReminderText({ kind: 'refill', runsOutOn: '2026-12-10', daysBefore: 3 })).toBe(
      '3 days before I run out on Thu 10 Dec 2026',
    );
  });

  it('makes one printable line, a paused medicine marked', () => {
    expect(medicationSummaryLine(med)).toBe('Lisinopril 10 mg tablet — 1 tablet, once a day');
    expect(
      medicationSummaryLine({
        ...med,
        name: 'Ventolin',
        strength: null,
        form: null,
        dose: null,
        frequency: null,
        status: 'paused',
        statusOn: '2026-11-26',
      }),
    ).toBe('Ventolin — Paused since Thu 26 Nov 2026');
    expect(medicationSummaryLine({ ...med, dose: null, frequency: null })).toBe('Lisinopril 10 mg tablet');
  });

  it('writes a list entry’s generic name with a capital', () => {
    expect(medicineDisplayName({ name: 'amlodipine' })).toBe('Amlodipine');
    expect(medicineDisplayName({ name: 'insulin glargine' })).toBe('Insulin glargine');
  });
});
