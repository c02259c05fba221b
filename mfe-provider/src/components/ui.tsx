import type { CSSProperties, ReactNode } from 'react';
import ui from './ui.module.css';

/** This remote's shared classes (ui.module.css, on the design tokens): card, buttons, inputs, muted. */
export { ui };

/** The shape of `ui.button`, for the inline `styles` below. */
const button = {
  display: 'inline-flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: '0.4rem',
  padding: '0.6rem 1rem',
  borderRadius: 'var(--md-radius-sm)',
  border: '1px solid var(--md-border-strong)',
  background: 'var(--md-surface)',
  color: 'var(--md-text)',
  font: 'inherit',
  fontWeight: 500,
  cursor: 'pointer',
  textDecoration: 'none',
} satisfies CSSProperties;

/**
 * The `ui` classes above as inline objects, on the same design tokens (no colour of their own), for
 * the screens not converted yet. Being removed (issue 14 §3: no inline styles under a strict CSP).
 */
export const styles = {
  page: { maxWidth: 960, margin: '0 auto', padding: '2rem 1rem' } satisfies CSSProperties,
  card: {
    background: 'var(--md-surface)',
    border: '1px solid var(--md-border)',
    borderRadius: 'var(--md-radius-lg)',
    padding: '1.25rem 1.5rem',
    boxShadow: 'var(--md-shadow-card)',
  } satisfies CSSProperties,
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '0.75rem 1rem' },
  label: {
    display: 'flex',
    flexDirection: 'column',
    gap: 4,
    fontWeight: 500,
    fontSize: 14,
  } satisfies CSSProperties,
  input: {
    padding: '0.5rem 0.65rem',
    border: '1px solid var(--md-border-strong)',
    borderRadius: 'var(--md-radius-sm)',
    font: 'inherit',
    fontSize: 14,
    fontWeight: 400,
    background: 'var(--md-surface)',
  } satisfies CSSProperties,
  primary: {
    ...button,
    background: 'var(--md-accent)',
    borderColor: 'var(--md-accent)',
    color: 'var(--md-on-accent)',
  } satisfies CSSProperties,
  secondary: button,
  danger: {
    ...button,
    background: 'var(--md-danger)',
    borderColor: 'var(--md-danger)',
    color: 'var(--md-on-accent)',
  } satisfies CSSProperties,
  /** A native file input framed as a drop area (its own label stays the accessible name). */
  fileInput: {
    padding: '0.45rem 0.6rem',
    border: '1px dashed var(--md-border-strong)',
    borderRadius: 'var(--md-radius-sm)',
    background: 'var(--md-bg)',
    font: 'inherit',
    fontSize: 13,
    fontWeight: 400,
  } satisfies CSSProperties,
  small: { padding: '0.2rem 0.6rem', fontSize: 13 } satisfies CSSProperties,
  error: { color: 'var(--md-danger)', margin: '0.5rem 0' } satisfies CSSProperties,
  muted: { color: 'var(--md-muted-cool)', fontSize: 13 } satisfies CSSProperties,
};

/** A counter tile with a real number. */
export function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <section aria-label={label} className={ui.statCard}>
      <p className={ui.statLabel}>{label}</p>
      <p className={ui.statValue}>{value}</p>
    </section>
  );
}

/**
 * A dashboard's title, its load error and a tile per counter, in the order of `labels` ('…' until
 * the counters arrive).
 */
export function DashboardHead<K extends string>({
  title,
  error,
  labels,
  counters,
}: {
  title: string;
  error: string | null;
  labels: Record<K, string>;
  counters: NoInfer<Record<K, number>> | null;
}) {
  return (
    <>
      <h1>{title}</h1>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <div className={ui.stats}>
        {(Object.keys(labels) as K[]).map((key) => (
          <StatCard key={key} label={labels[key]} value={counters?.[key] ?? '…'} />
        ))}
      </div>
    </>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={ui.label}>
      {label}
      {children}
    </label>
  );
}

/** Opens a downloaded file (an authenticated blob) in a new tab, or saves it when pop-ups are blocked. */
export function openBlob(blob: Blob, fileName: string | null): void {
  const url = URL.createObjectURL(blob);
  const win = window.open(url, '_blank', 'noopener');
  if (!win) {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName ?? 'document';
    a.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
