import { formatMessage, type PatientResponse } from '@medora/shared';
import common from '../../../components/patient.module.css';
import { profileBmi, questionnaireSections } from '../model/profile-summary';
import css from './dashboard.module.css';
import { QuestionnaireCard } from './questionnaire-card';

/**
 * The questionnaire's answers, one collapsed section each (native `<details>`: keyboard and
 * screen-reader friendly), with BMI and its category. Labelling the answers takes the intake's
 * questions and option lists, which nothing else on the dashboard's first screen needs: the summary tab
 * loads this module once it shows (docs/performance.md).
 */
export function QuestionnaireAnswers({ data }: { data: PatientResponse['data'] }) {
  const sections = questionnaireSections(data);
  const bmi = profileBmi(data);
  return (
    <QuestionnaireCard
      bmi={
        bmi && (
          <span className={css.bmi} data-category={bmi.category} data-testid="summary-bmi">
            {formatMessage('bmiValue', { bmi: bmi.bmi.toFixed(1), category: bmi.category })}
          </span>
        )
      }
    >
      {sections.map((s) => (
        <details key={s.title} className={css.profileSection} data-testid="summary-section">
          <summary>{s.title}</summary>
          <dl>
            {s.items.map((item, i) => (
              <div key={`${item.label}-${i}`} className={common.pair}>
                <dt>{item.label}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
    </QuestionnaireCard>
  );
}
