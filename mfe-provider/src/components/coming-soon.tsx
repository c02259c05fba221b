import type { ReactNode } from 'react';

/** A 'Coming Soon' placeholder card (spec §2 "Placeholder dashboards"). */
export function ComingSoonCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section
      aria-label={title}
      style={{ border: '1px solid #d1d5db', borderRadius: 8, padding: '1rem', minWidth: 200 }}
    >
      <h2 style={{ fontSize: '1.1rem', margin: 0 }}>{title}</h2>
      {children ?? <p>Coming Soon</p>}
    </section>
  );
}
