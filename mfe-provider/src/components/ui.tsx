import type { CSSProperties, ReactNode } from 'react';
import ui from './ui.module.css';

/** This remote's shared classes (ui.module.css, on the design tokens): card, buttons, inputs, muted. */
export { ui };

/**
 * The shape of the shell's `.md-button` (shell/src/app/styles.ts), mirrored inline so the remote looks
 * the same when rendered alone; colours use the shell's CSS variables with their values as fallback.
 */
const button = {
  display: 'inline-flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: '0.4rem',
  padding: '0.6rem 1rem',
  borderRadius: 8,
  border: '1px solid #cbd5e1',
  background: '#fff',
  color: '#0f172a',
  font: 'inherit',
  fontWeight: 500,
  cursor: 'pointer',
  textDecoration: 'none',
} satisfies CSSProperties;

/**
 * Small shared styles of this remote (the shell's look: white cards, teal primary buttons) as inline
 * objects. Being replaced by the `ui` classes above (issue 14 §3: no inline styles under a strict CSP);
 * kept only for the screens not converted yet.
 */
export const styles = {
  page: { maxWidth: 960, margin: '0 auto', padding: '2rem 1rem' } satisfies CSSProperties,
  card: {
    background: '#fff',
    border: '1px solid #e5e7eb',
    borderRadius: 12,
    padding: '1.25rem 1.5rem',
    boxShadow: '0 1px 2px rgba(15, 23, 42, 0.04)',
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
    border: '1px solid #cbd5e1',
    borderRadius: 8,
    font: 'inherit',
    fontSize: 14,
    fontWeight: 400,
    background: '#fff',
  } satisfies CSSProperties,
  primary: {
    ...button,
    background: 'var(--md-accent, #0f766e)',
    borderColor: 'var(--md-accent, #0f766e)',
    color: '#fff',
  } satisfies CSSProperties,
  secondary: button,
  danger: {
    ...button,
    background: 'var(--md-danger, #b91c1c)',
    borderColor: 'var(--md-danger, #b91c1c)',
    color: '#fff',
  } satisfies CSSProperties,
  /** A native file input framed as a drop area (its own label stays the accessible name). */
  fileInput: {
    padding: '0.45rem 0.6rem',
    border: '1px dashed #cbd5e1',
    borderRadius: 8,
    background: '#f8fafc',
    font: 'inherit',
    fontSize: 13,
    fontWeight: 400,
  } satisfies CSSProperties,
  small: { padding: '0.2rem 0.6rem', fontSize: 13 } satisfies CSSProperties,
  error: { color: '#b91c1c', margin: '0.5rem 0' } satisfies CSSProperties,
  muted: { color: '#64748b', fontSize: 13 } satisfies CSSProperties,
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
