import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  errorMessage,
  formatMessage,
  medicineDisplayName,
  MESSAGES,
  type MedicationInput,
} from '@medora/shared';
import { MEDICINES, searchMedicines } from '@medora/shared/medicines';
import common from '../../../components/patient.module.css';
import { Modal } from '@medora/shared/ui';
import { FormActions } from './form-actions';
import { toMedicationInput, withMedicine, type MedicationFormValues } from '../model/medication-form';
import css from './medications.module.css';

/** Suggestions start after this many letters: one letter matches half the list. */
const SEARCH_MIN_LENGTH = 2;
const SUGGESTION_COUNT = 6;

interface MedicationFormDialogProps {
  title: string;
  initial: MedicationFormValues;
  /** Saves the body; a rejection's message is shown inside the dialog. */
  onSave: (input: MedicationInput) => Promise<void>;
  onClose: () => void;
  /** Shown above the fields (what the proposal said). */
  intro?: ReactNode;
}

/**
 * Add, edit or confirm one medicine. The name searches the shared list of common medicines by generic
 * or brand name; picking a suggestion links the entry to the list, and a name typed without picking
 * one is kept as free text.
 */
export function MedicationFormDialog({ title, initial, onSave, onClose, intro }: MedicationFormDialogProps) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [searching, setSearching] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const ids = {
    name: useId(),
    nameHint: useId(),
    error: useId(),
    strengths: useId(),
    forms: useId(),
    picked: useId(),
  };
  const suggestions = useMemo(
    () =>
      searching && values.name.trim().length >= SEARCH_MIN_LENGTH
        ? searchMedicines(values.name, SUGGESTION_COUNT)
        : [],
    [searching, values.name],
  );
  const picked = useMemo(
    () => (values.medicineId ? (MEDICINES.find((m) => m.id === values.medicineId) ?? null) : null),
    [values.medicineId],
  );

  const set = (field: keyof MedicationFormValues) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));

  async function submit() {
    if (!values.name.trim()) {
      setError(MESSAGES.medsFormNameRequired);
      nameRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(toMedicationInput(values));
    } catch (e) {
      setError(formatMessage('medsFailed', { message: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  }

  const field = (
    key: keyof MedicationFormValues,
    label: string,
    props: { list?: string; type?: string } = {},
  ) => (
    <label className={css.field}>
      <span>{label}</span>
      <input
        type={props.type ?? 'text'}
        list={props.list}
        value={values[key] ?? ''}
        onChange={(e) => set(key)(e.target.value)}
        name={key}
      />
    </label>
  );

  return (
    <Modal title={title} onClose={onClose} testId="medication-form" closeOnBackdrop={false}>
      <form
        noValidate
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {intro}
        <div className={css.field}>
          <label htmlFor={ids.name}>{MESSAGES.medsFormName}</label>
          <input
            ref={nameRef}
            id={ids.name}
            type="text"
            autoComplete="off"
            value={values.name}
            aria-describedby={`${ids.nameHint}${values.medicineId ? ` ${ids.picked}` : ''}${error ? ` ${ids.error}` : ''}`}
            aria-invalid={error === MESSAGES.medsFormNameRequired ? true : undefined}
            onChange={(e) => {
              const name = e.target.value;
              setSearching(true);
              // Typing again unlinks the list entry: the name is free text until a suggestion is picked.
              setValues((v) => ({ ...v, name, medicineId: null }));
              if (error === MESSAGES.medsFormNameRequired) setError(null);
            }}
          />
          <span id={ids.nameHint} className={`md-muted ${common.hint}`}>
            {MESSAGES.medsFormNameHint}
          </span>
          {values.medicineId && picked && (
            <span id={ids.picked} className={css.picked}>
              {formatMessage('medsSuggestionPicked', { name: medicineDisplayName(picked) })}
            </span>
          )}
          {suggestions.length > 0 && (
            <ul className={css.suggestions} aria-label={MESSAGES.medsSuggestionsLabel}>
              {suggestions.map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    className={css.suggestion}
                    onClick={() => {
                      setValues((v) => withMedicine(v, entry));
                      setSearching(false);
                      nameRef.current?.focus();
                    }}
                  >
                    {entry.brands.length
                      ? formatMessage('medsSuggestion', {
                          name: medicineDisplayName(entry),
                          brands: entry.brands.join(', '),
                        })
                      : medicineDisplayName(entry)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={css.pair}>
          {field('strength', MESSAGES.medsFormStrength, { list: picked ? ids.strengths : undefined })}
          {field('form', MESSAGES.medsFormForm, { list: picked ? ids.forms : undefined })}
        </div>
        {picked && (
          <>
            <datalist id={ids.strengths}>
              {picked.strengths.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
            <datalist id={ids.forms}>
              {picked.forms.map((f) => (
                <option key={f} value={f} />
              ))}
            </datalist>
          </>
        )}
        <div className={css.pair}>
          {field('dose', MESSAGES.medsFormDose)}
          {field('frequency', MESSAGES.medsFormFrequency)}
        </div>
        <div className={css.pair}>
          {field('startedOn', MESSAGES.medsFormStartedOn, { type: 'date' })}
          {field('startedText', MESSAGES.medsFormStartedText)}
        </div>
        {field('reason', MESSAGES.medsFormReason)}
        {field('prescriber', MESSAGES.medsFormPrescriber)}
        <label className={css.field}>
          <span>{MESSAGES.medsFormNotes}</span>
          <textarea
            rows={3}
            value={values.notes}
            name="notes"
            onChange={(e) => set('notes')(e.target.value)}
          />
        </label>
        {error && (
          <p id={ids.error} role="alert" className={common.error}>
            {error}
          </p>
        )}
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
