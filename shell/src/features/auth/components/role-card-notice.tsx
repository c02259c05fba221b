import { useState } from 'react';
import { useLocation } from '@medora/shared/router';
import { MESSAGES } from '@medora/shared';
import { roleCardNoticeText } from '../model/login-notice';
import css from './role-card-notice.module.css';

/**
 * The first screen after sign-in says, in words, when the card chosen on the login page was not where the
 * account's role signs in (the server's role decided where it went). Shown until dismissed or left; a
 * named region rather than a live one, since it is there when the screen first renders.
 */
export function RoleCardNotice() {
  const { state, key } = useLocation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const text = roleCardNoticeText(state);
  if (!text || dismissed === key) return null;
  return (
    <section aria-label={MESSAGES.roleNoticeLabel} className={css.notice} data-testid="role-card-notice">
      <p className={css.text}>{text}</p>
      <button type="button" className="md-button" onClick={() => setDismissed(key)}>
        {MESSAGES.dismiss}
      </button>
    </section>
  );
}
