import { formatMessage, MESSAGES, type PatientResponse } from '@medora/shared';
import { reviewSections } from '@medora/shared/intake';
import common from '../../../components/patient.module.css';
import { profileBmi } from '../model/profile-summary';
import css from './dashboard.module.css';

/** Patient Summary: the profile in readable sections, BMI with its category, and the generated summary. */
export function SummaryTab({ profile }: { profile: PatientResponse | null }) {
  if (!profile) return <p className="md-muted">{MESSAGES.summaryNone}</p>;
  const sections = reviewSections(profile.data, { viaDoctor: false }).filter((s) =>
    s.items.some((i) => i.label !== ''),
  );
  const bmi = profileBmi(profile.data);
  const ai = profile.aiSummary;
  return (
    <div className={css.summary}>
      <section className={css.card} aria-labelledby="md-dash-profile-heading">
        <div className={css.cardHead}>
          <h3 id="md-dash-profile-heading">{MESSAGES.summaryProfileHeading}</h3>
          {bmi && (
            <span className={css.bmi} data-category={bmi.category} data-testid="summary-bmi">
              {formatMessage('bmiValue', { bmi: bmi.bmi.toFixed(1), category: bmi.category })}
            </span>
          )}
        </div>
        <div className={common.review}>
          {sections.map((s) => (
            <section key={s.title} aria-label={s.title} className={css.profileSection}>
              <h4>{s.title}</h4>
              <dl>
                {s.items
                  .filter((i) => i.label !== '')
                  .map((item, i) => (
                    <div key={`${item.label}-${i}`} className={common.pair}>
                      <dt>{item.label}</dt>
                      <dd>{item.value}</dd>
                    </div>
                  ))}
              </dl>
            </section>
          ))}
        </div>
      </section>
      <section className={css.card} aria-labelledby="md-dash-ai-heading" data-testid="ai-summary">
        <div className={css.cardHead}>
          <h3 id="md-dash-ai-heading">{MESSAGES.summaryAiHeading}</h3>
          {ai && (
            <span className={css.chip}>
              {formatMessage('summaryGenerated', { date: new Date(ai.generatedAt).toLocaleString() })}
            </span>
          )}
        </div>
        {!ai ? (
          <p className="md-muted">{MESSAGES.summaryNone}</p>
        ) : (
          <>
            <p className={css.disclaimer}>{ai.disclaimer}</p>
            {ai.redFlags.length > 0 && (
              <ul className={css.redflags}>
                {ai.redFlags.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            )}
            {ai.sections.map((s) => (
              <section key={s.title} className={css.aiSection}>
                <h4>{s.title}</h4>
                <ul>
                  {s.lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </section>
    </div>
  );
}
