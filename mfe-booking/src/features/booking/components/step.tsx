import type { ReactNode } from 'react';
import css from '../booking.module.css';

/**
 * One numbered step of the flow: a region named by its heading. The heading can take focus from script
 * (tabIndex -1, not a Tab stop), so the flow can start keyboard and screen-reader users at step 1.
 */
export function Step({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={css.step} aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
