import type { CSSProperties, ReactNode } from 'react';

/** Small shared styles of this remote (the shell's look: white cards, blue primary buttons). */
export const styles = {
  page: { maxWidth: 960, margin: '0 auto', padding: '2rem 1rem' } satisfies CSSProperties,
  card: {
    background: '#fff',
    border: '1px solid #e5e7eb',
    borderRadius: 12,
    padding: '1.25rem',
    boxShadow: '0 1px 2px rgba(0,0,0,0.04)',
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
    padding: '0.5rem 0.6rem',
    border: '1px solid #cbd5e1',
    borderRadius: 6,
    fontSize: 14,
    fontWeight: 400,
  } satisfies CSSProperties,
  primary: {
    background: '#2563eb',
    color: '#fff',
    border: 0,
    borderRadius: 6,
    padding: '0.55rem 1.1rem',
    fontWeight: 600,
    cursor: 'pointer',
  } satisfies CSSProperties,
  secondary: {
    background: '#fff',
    color: '#1e293b',
    border: '1px solid #cbd5e1',
    borderRadius: 6,
    padding: '0.55rem 1.1rem',
    cursor: 'pointer',
  } satisfies CSSProperties,
  danger: {
    background: '#dc2626',
    color: '#fff',
    border: 0,
    borderRadius: 6,
    padding: '0.55rem 1.1rem',
    fontWeight: 600,
    cursor: 'pointer',
  } satisfies CSSProperties,
  error: { color: '#b91c1c', margin: '0.5rem 0' } satisfies CSSProperties,
  muted: { color: '#64748b', fontSize: 13 } satisfies CSSProperties,
};

/** A counter tile with a real number. */
export function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <section aria-label={label} style={{ ...styles.card, minWidth: 160, flex: 1 }}>
      <p style={{ ...styles.muted, margin: 0 }}>{label}</p>
      <p style={{ fontSize: 28, fontWeight: 700, margin: '0.25rem 0 0' }}>{value}</p>
    </section>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label style={styles.label}>
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
