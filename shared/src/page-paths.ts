import { MAIL_LINK_PATHS } from './mail/mail-links.js';

/**
 * The pages only a signed-in account reaches. Search engines are asked to leave them alone
 * (robots.txt, written into the shell's build); the shell's route table test keeps this list complete.
 */
export const SIGNED_IN_PAGE_PATHS = [
  '/dashboard',
  '/form',
  '/book-appointment',
  '/settings',
  '/doctor-onboarding',
  '/provider-dashboard',
  '/admin',
] as const;

/**
 * robots.txt (RFC 9309): the public pages may be crawled; the signed-in pages, a mail link's page
 * (its token is in the URL), the API and the local-only tools may not.
 */
export function robotsTxt(): string {
  const disallow = [...SIGNED_IN_PAGE_PATHS, MAIL_LINK_PATHS.unsubscribe, '/api/', '/dev/'];
  return ['User-agent: *', ...disallow.map((p) => `Disallow: ${p}`), ''].join('\n');
}

/**
 * Navigation state that asks the page to move focus to its main content once shown: after "Confirm
 * Appointment" or a reschedule, the appointments list (not the page body) has focus.
 */
export const FOCUS_MAIN_STATE = { focusMain: true } as const;

/** Whether a navigation's state is FOCUS_MAIN_STATE. */
export function wantsMainFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focusMain?: unknown }).focusMain === true;
}
