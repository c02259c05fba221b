import { MAIL_LINK_PATHS } from './mail/mail-links.js';
import { robotsTxt, SIGNED_IN_PAGE_PATHS } from './page-paths.js';

/** The groups of a robots.txt as RFC 9309 §2.2 reads them: user-agent lines, then their rules. */
function rules(text: string): { agents: string[]; disallow: string[]; allow: string[] } {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf(':');
      return [l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim()] as const;
    });
  return {
    agents: lines.filter(([k]) => k === 'user-agent').map(([, v]) => v),
    disallow: lines.filter(([k]) => k === 'disallow').map(([, v]) => v),
    allow: lines.filter(([k]) => k === 'allow').map(([, v]) => v),
  };
}

/** RFC 9309 §2.2.2: a rule matches a path it is a prefix of (no wildcards used here). */
const blocked = (text: string, path: string) => rules(text).disallow.some((rule) => path.startsWith(rule));

describe('robots.txt', () => {
  const text = robotsTxt();

  it('is one group for every crawler', () => {
    expect(rules(text).agents).toEqual(['*']);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('keeps crawlers off every signed-in page, a mail link page, the API and the local tools', () => {
    for (const path of [
      ...SIGNED_IN_PAGE_PATHS,
      `${MAIL_LINK_PATHS.unsubscribe}?token=x`,
      '/api/me',
      '/dev/mailbox',
    ]) {
      expect([path, blocked(text, path)]).toEqual([path, true]);
    }
  });

  it('lets them read the public pages', () => {
    for (const path of ['/', '/patient-login', '/provider-login', '/doctor-signup']) {
      expect([path, blocked(text, path)]).toEqual([path, false]);
    }
  });
});
