import { type RefObject } from 'react';
import { formatMessage, MESSAGES } from '@medora/shared';
import { reviewSections, type EditableSection, type IntakeAnswers } from '@medora/shared/intake';
import common from '../../../components/patient.module.css';
import css from './intake.module.css';
import nav from './intake-nav.module.css';

/**
 * 'Please Review Your Information' with its sections; Visit Information only via a doctor.
 * Each section of answers has an Edit link to its first question.
 */
export function ReviewScreen({
  answers,
  viaDoctor,
  headingRef,
  onEdit,
  editable = [],
}: {
  answers: IntakeAnswers;
  viaDoctor: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onEdit?: (section: EditableSection) => void;
  /** The sections with a question in this flow; only they get an Edit link. */
  editable?: readonly EditableSection[];
}) {
  const sections = reviewSections(answers, { viaDoctor, duringIntake: true });
  return (
    <div className={common.review}>
      <h2 className={css.question} data-testid="intake-question" ref={headingRef} tabIndex={-1}>
        {MESSAGES.reviewHeading}
      </h2>
      {sections.map((s) => (
        <section key={s.title} aria-label={s.title}>
          <div className={nav.sectionHead}>
            <h3>{s.title}</h3>
            {s.edit && onEdit && editable.includes(s.edit) && (
              <button
                type="button"
                className={`md-link-button ${nav.link}`}
                aria-label={formatMessage('reviewEditSection', { section: s.title })}
                onClick={() => onEdit(s.edit!)}
              >
                {MESSAGES.reviewEdit}
              </button>
            )}
          </div>
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
