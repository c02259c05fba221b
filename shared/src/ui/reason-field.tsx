import { useId, type RefObject } from 'react';

export interface ReasonFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  maxLength?: number;
  /** The dialog's message about the field, shown under it with the id `errorId`. */
  error: string | null;
  errorId: string;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}

/** The labelled text area of a reason the reason and decision dialogs ask for (kit.css classes). */
export function ReasonField({
  label,
  value,
  onChange,
  rows,
  maxLength,
  error,
  errorId,
  fieldRef,
}: ReasonFieldProps) {
  const fieldId = useId();
  return (
    <label htmlFor={fieldId} className="md-ui-field">
      {label}
      <textarea
        id={fieldId}
        ref={fieldRef}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
        className="md-input"
      />
    </label>
  );
}
