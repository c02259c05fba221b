import {
  medicineDisplayName,
  type Medication,
  type MedicationInput,
  type MedicationProposal,
  type MedicineEntry,
} from '@medora/shared';

/** The add/edit form's fields as typed (empty string = not given). */
export interface MedicationFormValues {
  name: string;
  medicineId: string | null;
  strength: string;
  form: string;
  dose: string;
  frequency: string;
  startedOn: string;
  startedText: string;
  reason: string;
  prescriber: string;
  notes: string;
  conditionKey: string | null;
}

export const EMPTY_FORM: MedicationFormValues = {
  name: '',
  medicineId: null,
  strength: '',
  form: '',
  dose: '',
  frequency: '',
  startedOn: '',
  startedText: '',
  reason: '',
  prescriber: '',
  notes: '',
  conditionKey: null,
};

/** The form for editing an entry as it stands. */
export function formFromMedication(m: Medication): MedicationFormValues {
  return {
    name: m.name,
    medicineId: m.medicineId,
    strength: m.strength ?? '',
    form: m.form ?? '',
    dose: m.dose ?? '',
    frequency: m.frequency ?? '',
    startedOn: m.startedOn ?? '',
    startedText: m.startedText ?? '',
    reason: m.reason ?? '',
    prescriber: m.prescriber ?? '',
    notes: m.notes ?? '',
    conditionKey: m.conditionKey,
  };
}

/**
 * The form prefilled from an intake proposal: a recognised drug with what the patient wrote, a class
 * ("a medicine for blood pressure") with only its condition, so the patient names the medicine.
 */
export function formFromProposal(p: MedicationProposal): MedicationFormValues {
  if (p.kind === 'class') return { ...EMPTY_FORM, conditionKey: p.conditionKey };
  return {
    ...EMPTY_FORM,
    name: p.name ?? p.sourceText,
    medicineId: p.medicineId,
    strength: p.strength ?? '',
    dose: p.dose ?? '',
    frequency: p.frequency ?? '',
    conditionKey: p.conditionKey,
  };
}

/** A suggestion picked from the shared list: its name and id; one strength or form is filled in. */
export function withMedicine(values: MedicationFormValues, entry: MedicineEntry): MedicationFormValues {
  return {
    ...values,
    name: medicineDisplayName(entry),
    medicineId: entry.id,
    strength: values.strength || (entry.strengths.length === 1 ? entry.strengths[0]! : ''),
    form: values.form || (entry.forms.length === 1 ? entry.forms[0]! : ''),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The request body: trimmed, empty fields as null (so an edit can clear a field). */
export function toMedicationInput(values: MedicationFormValues): MedicationInput {
  return {
    name: values.name.trim(),
    medicineId: values.medicineId,
    strength: orNull(values.strength),
    form: orNull(values.form),
    dose: orNull(values.dose),
    frequency: orNull(values.frequency),
    startedOn: orNull(values.startedOn),
    startedText: orNull(values.startedText),
    reason: orNull(values.reason),
    conditionKey: values.conditionKey,
    prescriber: orNull(values.prescriber),
    notes: orNull(values.notes),
  };
}
