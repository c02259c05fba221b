import { useId, type ReactElement, cloneElement } from 'react';
import { MESSAGES } from '@medora/shared';
import css from './settings.module.css';

/**
 * A labelled control of the settings forms with its hint and error: the input is described by both,
 * and marked invalid while an error shows (what screen readers announce and tests find it by).
 */
export function SettingsField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css.field}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className={`md-muted ${css.hint}`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={css.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The end of every settings form: the form-level error (a refused change) and its submit button. */
export function FormEnd({ error, busy, label }: { error?: string; busy: boolean; label: string }) {
  return (
    <>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      <div className={css.actions}>
        {/* Busy is aria-disabled, not disabled: a disabled button drops keyboard focus to the page body
            while it saves. A click while busy submits nothing. */}
        <button
          type="submit"
          className="md-button md-primary"
          aria-disabled={busy}
          onClick={(e) => {
            if (busy) e.preventDefault();
          }}
        >
          {busy ? MESSAGES.settingsSaving : label}
        </button>
      </div>
    </>
  );
}
