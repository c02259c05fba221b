import { useId, type InputHTMLAttributes } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  onValue: (value: string) => void;
}

/** A labelled input of the auth forms (the label is what tests and screen readers find it by). */
export function Field({ label, onValue, ...input }: FieldProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} className="md-input" {...input} onChange={(e) => onValue(e.target.value)} />
    </>
  );
}
