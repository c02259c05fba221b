import { Link } from '@medora/shared/router';
import { MESSAGES } from '@medora/shared';
import { ui } from '../../../components/ui';
import css from './submitted.module.css';

/** After submission: 'Application Submitted Successfully!' and what happens next (review takes 2-3 business days). */
export function ApplicationSubmitted() {
  return (
    <section aria-labelledby="submitted-title" className={css.card}>
      <h1 id="submitted-title">{MESSAGES.applicationSubmittedHeading}</h1>
      <p>{MESSAGES.applicationSubmittedThanks}</p>
      <h2 className={css.subheading}>{MESSAGES.applicationNextHeading}</h2>
      <ol className={css.list}>
        <li>{MESSAGES.applicationNextVerifyEmail}</li>
        <li>{MESSAGES.applicationNextVerify}</li>
        <li>{MESSAGES.applicationNextDuration}</li>
        <li>{MESSAGES.applicationNextDecision}</li>
        <li>{MESSAGES.applicationNextApproved}</li>
      </ol>
      <div className={css.actions}>
        <Link to="/patient-login" className={ui.primary}>
          {MESSAGES.applicationGoToLogin}
        </Link>
        <Link to="/" className={ui.secondary}>
          {MESSAGES.applicationBackHome}
        </Link>
      </div>
    </section>
  );
}
