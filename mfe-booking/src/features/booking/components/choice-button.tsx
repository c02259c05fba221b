import type { ReactNode } from 'react';

interface Props {
  className: string;
  pressed: boolean;
  onSelect: () => void;
  /** The accessible name, when the visible text alone does not say enough. */
  label?: string;
  /** Not selectable (e.g. a fully booked day); the label then says why. */
  disabled?: boolean;
  children: ReactNode;
}

/** A list item holding one toggle button of a picker (doctor, date or slot): `aria-pressed` when chosen. */
export function ChoiceButton({ className, pressed, onSelect, label, disabled, children }: Props) {
  return (
    <li>
      <button
        type="button"
        className={className}
        aria-pressed={pressed}
        aria-label={label}
        disabled={disabled}
        onClick={onSelect}
      >
        {children}
      </button>
    </li>
  );
}
