import { LANDING } from '../../../content/landing-content';

/** Spec §1: the four-step flow, numbered. */
export function HowItWorks() {
  const { howItWorks } = LANDING;
  return (
    <section className="lp-section" aria-labelledby="lp-how-title">
      <div className="lp-container">
        <div className="lp-section-head">
          <h2 id="lp-how-title">{howItWorks.title}</h2>
          <p>{howItWorks.intro}</p>
        </div>
        <ol className="lp-steps">
          {howItWorks.steps.map((step, index) => (
            <li key={step.title} className="lp-step">
              <span className="lp-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
