import { MESSAGES, type MessageKey } from '@medora/shared';

/** Router state that tells the login page why the user is there (an idle sign-out). */
export interface LoginNoticeState {
  notice: MessageKey;
}

export function loginNotice(notice: MessageKey): LoginNoticeState {
  return { notice };
}

/** The text to show for a location's state; anything else in the state (or none) shows nothing. */
export function noticeText(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state;
  return typeof notice === 'string' && Object.hasOwn(MESSAGES, notice)
    ? MESSAGES[notice as MessageKey]
    : null;
}
