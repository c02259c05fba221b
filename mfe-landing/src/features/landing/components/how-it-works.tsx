import { LANDING } from '../../../content/landing-content';
import css from '../landing.module.css';
import { Section } from './section';

/** The four-step flow, numbered. */
export function HowItWorks() {
  const { howItWorks } = LANDING;
  return (
    <Section id="lp-how-title" title={howItWorks.title} intro={howItWorks.intro}>
      <ol className={css.steps}>
        {howItWorks.steps.map((step, index) => (
          <li key={step.title} className={css.step}>
            <span className={css.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
