import type { ReactNode } from 'react';
import css from '../landing.module.css';

interface Props {
  /** Id of the heading, which names the region. */
  id: string;
  title: string;
  intro?: string;
  /** Extra class on the section (e.g. the benefits band). */
  className?: string;
  children: ReactNode;
}

/** One landing section: a region named by its centred heading (and intro), then its content. */
export function Section({ id, title, intro, className, children }: Props) {
  return (
    <section className={className ? `${css.section} ${className}` : css.section} aria-labelledby={id}>
      <div className={css.container}>
        <div className={css.sectionHead}>
          <h2 id={id}>{title}</h2>
          {intro ? <p>{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
