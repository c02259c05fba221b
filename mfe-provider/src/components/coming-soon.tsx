import type { ReactNode } from 'react';
import { MESSAGES } from '@medora/shared';
import css from './coming-soon.module.css';

/** A 'Coming Soon' placeholder card. */
export function ComingSoonCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section aria-label={title} className={css.card}>
      <h2 className={css.title}>{title}</h2>
      {children ?? <p>{MESSAGES.comingSoon}</p>}
    </section>
  );
}
