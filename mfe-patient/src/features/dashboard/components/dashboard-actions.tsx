import { Link } from '@medora/shared/router';
import { MESSAGES } from '@medora/shared';
import { INTAKE_MODE_PARAM, type IntakeMode } from '@medora/shared/intake';
import css from './visits.module.css';

const formLink = (mode: IntakeMode) => `/form?${INTAKE_MODE_PARAM}=${mode}`;

/**
 * Coming back: the dashboard's ways into the intake, each landing in its mode, above the
 * tabs (booking is the Book Appointment tab right under them).
 */
export function DashboardActions() {
  return (
    <nav className={css.actions} aria-label={MESSAGES.dashboardActionsLabel}>
      <Link className={`md-button md-primary ${css.action}`} to={formLink('visit')}>
        {MESSAGES.dashboardStartVisit}
      </Link>
      <Link className={`md-button ${css.action}`} to={formLink('follow-up')}>
        {MESSAGES.dashboardFollowUp}
      </Link>
      <Link className={`md-button ${css.action}`} to={formLink('profile')}>
        {MESSAGES.dashboardUpdateProfile}
      </Link>
    </nav>
  );
}
