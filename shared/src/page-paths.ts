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
