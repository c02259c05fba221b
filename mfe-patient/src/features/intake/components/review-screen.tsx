import { type RefObject } from 'react';
import { MESSAGES } from '@medora/shared';
import { reviewSections, type IntakeAnswers } from '@medora/shared/intake';
import common from '../../../components/patient.module.css';
import css from './intake.module.css';

/** 'Please Review Your Information' (spec §2) with its sections; Visit Information only via a doctor. */
export function ReviewScreen({
  answers,
  viaDoctor,
  headingRef,
}: {
  answers: IntakeAnswers;
  viaDoctor: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const sections = reviewSections(answers, { viaDoctor });
  return (
    <div className={common.review}>
      <h2 className={css.question} data-testid="intake-question" ref={headingRef} tabIndex={-1}>
        {MESSAGES.reviewHeading}
      </h2>
      {sections.map((s) => (
        <section key={s.title} aria-label={s.title}>
          <h3>{s.title}</h3>
          {s.items.length === 0 || (s.items.length === 1 && s.items[0]!.label === '') ? (
            <p className="md-muted">{s.items[0]?.value ?? MESSAGES.noValue}</p>
          ) : (
            <dl>
              {s.items.map((item, i) => (
                <div key={`${item.label}-${i}`} className={common.pair}>
                  <dt>{item.label || MESSAGES.noValue}</dt>
                  <dd>{item.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
    </div>
  );
}
