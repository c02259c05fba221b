import type { ReactNode } from 'react';
import css from '../booking.module.css';

/** One numbered step of the flow: a region named by its heading. */
export function Step({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={css.step} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
