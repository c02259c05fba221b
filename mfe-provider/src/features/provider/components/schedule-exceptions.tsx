import { useState } from 'react';
import { MESSAGES, SLOT_LENGTHS, formatMessage, type ScheduleException } from '@medora/shared';
import { ui } from '../../../components/ui';
import css from './schedule-editor.module.css';
import { EMPTY_EXCEPTION, exceptionOf, exceptionText, type ExceptionForm } from '../model/schedule';

const KINDS: { kind: ScheduleException['kind']; label: string }[] = [
  { kind: 'vacation', label: MESSAGES.scheduleKindVacation },
  { kind: 'closed', label: MESSAGES.scheduleKindClosed },
  { kind: 'extra', label: MESSAGES.scheduleKindExtra },
];

/** Vacations, closed days and extra hours on a date, listed and added (saved with the hours). */
export function ScheduleExceptions({
  exceptions,
  onChange,
}: {
  exceptions: ScheduleException[];
  onChange: (next: ScheduleException[]) => void;
}) {
  const [form, setForm] = useState<ExceptionForm>(EMPTY_EXCEPTION);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<ExceptionForm>) => setForm({ ...form, ...patch });

  const add = () => {
    const e = exceptionOf(form);
    if (typeof e === 'string') {
      setError(e);
      return;
    }
    setError(null);
    onChange([...exceptions, e]);
    setForm({ ...EMPTY_EXCEPTION, kind: form.kind });
  };

  return (
    <section aria-labelledby="schedule-exceptions-title" className={css.exceptions}>
      <h3 id="schedule-exceptions-title">{MESSAGES.scheduleExceptionsTitle}</h3>
      <p className={ui.muted}>{MESSAGES.scheduleExceptionsHint}</p>
      {exceptions.length === 0 ? (
        <p>{MESSAGES.scheduleExceptionsEmpty}</p>
      ) : (
        <ul className={css.exceptionList}>
          {exceptions.map((e, i) => {
            const text = exceptionText(e);
            return (
              <li key={`${text}-${i}`} className={css.exceptionItem}>
                <span>{text}</span>
                <button
                  type="button"
                  className={`${ui.secondary} ${css.touch}`}
                  aria-label={formatMessage('scheduleRemoveException', { what: text })}
                  onClick={() => onChange(exceptions.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={css.exceptionForm}>
        <label className={ui.label}>
          {MESSAGES.scheduleExceptionKind}
          <select
            value={form.kind}
            onChange={(e) => set({ kind: e.target.value as ScheduleException['kind'] })}
            className={ui.input}
          >
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        {form.kind === 'vacation' ? (
          <>
            <label className={ui.label}>
              {MESSAGES.scheduleExceptionFrom}
              <input
                type="date"
                value={form.from}
                onChange={(e) => set({ from: e.target.value })}
                className={ui.input}
              />
            </label>
            <label className={ui.label}>
              {MESSAGES.scheduleExceptionTo}
              <input
                type="date"
                value={form.to}
                onChange={(e) => set({ to: e.target.value })}
                className={ui.input}
              />
            </label>
          </>
        ) : (
          <label className={ui.label}>
            {MESSAGES.scheduleExceptionDate}
            <input
              type="date"
              value={form.date}
              onChange={(e) => set({ date: e.target.value })}
              className={ui.input}
            />
          </label>
        )}
        {form.kind === 'extra' && (
          <>
            <label className={ui.label}>
              {MESSAGES.scheduleStart}
              <input
                type="time"
                value={form.start}
                onChange={(e) => set({ start: e.target.value })}
                className={ui.input}
              />
            </label>
            <label className={ui.label}>
              {MESSAGES.scheduleEnd}
              <input
                type="time"
                value={form.end}
                onChange={(e) => set({ end: e.target.value })}
                className={ui.input}
              />
            </label>
            <label className={ui.label}>
              {MESSAGES.scheduleSlotLength}
              <select
                value={form.slotMinutes}
                onChange={(e) => set({ slotMinutes: Number(e.target.value) })}
                className={ui.input}
              >
                {SLOT_LENGTHS.map((n) => (
                  <option key={n} value={n}>
                    {formatMessage('scheduleSlotMinutes', { count: n })}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        <button type="button" className={`${ui.secondary} ${css.touch}`} onClick={add}>
          {MESSAGES.scheduleAddException}
        </button>
      </div>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
    </section>
  );
}
