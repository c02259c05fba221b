import {
  formatMessage,
  MESSAGES,
  ROLE_LABELS,
  ROLES,
  SIGN_IN_CARD,
  SIGNUP_ROLES,
  type MessageKey,
  type Role,
  type SignupRole,
} from '@medora/shared';

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

/**
 * Router state that tells the screen after sign-in that the card chosen on the login page was not the
 * one where the account's role signs in: the server's role decided where the account went.
 */
export interface RoleCardNoticeState {
  roleCard: { chosen: SignupRole; role: Role };
}

/** What the next screen says, by the account's real role. */
const ROLE_CARD_MISMATCH: Record<Role, MessageKey> = {
  patient: 'roleCardMismatchPatient',
  provider: 'roleCardMismatchProvider',
  doctor: 'roleCardMismatchDoctor',
  admin: 'roleCardMismatchAdmin',
};

/** The state to hand the next screen after signing in with `chosen`; null when the card was right. */
export function roleCardNotice(chosen: SignupRole, role: Role): RoleCardNoticeState | null {
  return SIGN_IN_CARD[role] === chosen ? null : { roleCard: { chosen, role } };
}

/** The words for a location's state (a mismatch set by `roleCardNotice`); anything else shows nothing. */
export function roleCardNoticeText(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('roleCard' in state)) return null;
  const { roleCard } = state as { roleCard: unknown };
  if (typeof roleCard !== 'object' || roleCard === null) return null;
  const { chosen, role } = roleCard as Record<string, unknown>;
  if (!SIGNUP_ROLES.includes(chosen as SignupRole) || !ROLES.includes(role as Role)) return null;
  if (SIGN_IN_CARD[role as Role] === chosen) return null;
  return formatMessage(ROLE_CARD_MISMATCH[role as Role], { chosen: ROLE_LABELS[chosen as SignupRole] });
}
