import { useId, type ReactNode } from 'react';
import { MESSAGES } from '@medora/shared';
import common from '../../../components/patient.module.css';
import css from './dashboard.module.css';

/**
 * The questionnaire's card on the Patient Summary: heading, BMI beside it, hint, then the answers. While
 * the answers' code loads (`loading`), the card stands with room for them, so nothing below it moves.
 */
export function QuestionnaireCard({
  bmi,
  loading = false,
  children,
}: {
  bmi?: ReactNode;
  loading?: boolean;
  children?: ReactNode;
}) {
  const answersId = useId();
  return (
    <section
      className={css.card}
      aria-labelledby={answersId}
      aria-busy={loading || undefined}
      data-testid={loading ? undefined : 'summary-questionnaire'}
    >
      <div className={css.cardHead}>
        <h2 id={answersId}>{MESSAGES.summaryProfileHeading}</h2>
        {bmi}
      </div>
      <p className="md-muted">{MESSAGES.summaryQuestionnaireHint}</p>
      <div className={`${common.review} ${css.answers} ${loading ? css.answersLoading : ''}`}>{children}</div>
    </section>
  );
}
