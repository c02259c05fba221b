import common from './patient.module.css';

interface ActionButtonProps {
  children: string;
  onClick: () => void;
  disabled?: boolean;
  /** Destructive (delete, cancel): red outline instead of the accent. */
  danger?: boolean;
  /** A fuller accessible name when the visible label alone is ambiguous (one per card). */
  ariaLabel?: string;
}

/** An outlined action of the dashboard (cards, dialogs) on the shell's `.md-button`. */
export function ActionButton({
  children,
  onClick,
  disabled = false,
  danger = false,
  ariaLabel,
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`md-button ${danger ? common.buttonDanger : common.buttonSecondary}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={ariaLabel}
    >
      {children}
    </button>
  );
}
