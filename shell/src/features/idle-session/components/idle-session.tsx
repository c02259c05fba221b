import type { ReactNode } from 'react';
import { useIdleSession } from '../hooks/use-idle-session';
import type { IdleEndReason } from '../model/idle-tracker';
import { IdleWarningDialog } from './idle-warning-dialog';

import css from './idle-session.module.css';

export interface IdleSessionProps {
  children: ReactNode;
  /** After the sign-out: where to go and what to say (the host owns the router and the login page). */
  onSignedOut: (reason: IdleEndReason) => unknown;
}

/**
 * Ends a signed-in session after 30 minutes without activity, warning 2 minutes before. Wraps
 * every signed-in screen, the remotes included. Under the warning the page is inert (not clickable, not
 * focusable, hidden from assistive technology); once the limit passes nothing of it renders, so a
 * reopened tab never shows a session that has ended.
 */
export function IdleSession({ children, onSignedOut }: IdleSessionProps) {
  const { view, staySignedIn, signOutNow } = useIdleSession(onSignedOut);
  return (
    <>
      <div className={css.scope} inert={view.phase === 'warning'}>
        {view.phase === 'expired' ? null : children}
      </div>
      {view.phase === 'warning' && (
        <IdleWarningDialog secondsLeft={view.secondsLeft} onStay={staySignedIn} onSignOut={signOutNow} />
      )}
    </>
  );
}
