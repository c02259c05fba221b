import { createHmac } from 'node:crypto';
import { createUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const SECRET = 'k'.repeat(48);
const NOW = new Date('2026-11-02T10:00:00Z');

/** A token with any payload, signed with `secret` (what someone who knows the key could make). */
function signed(payload: object, secret = SECRET): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

const exp = Math.floor(NOW.getTime() / 1000) + 3600;

describe('unsubscribe tokens', () => {
  it('name the user, the one list and the preference version they were made for', () => {
    const token = createUnsubscribeToken('uid-1', 'reminders', 3, SECRET, NOW);
    expect(verifyUnsubscribeToken(token, SECRET, NOW)).toEqual({
      ok: true,
      claims: { uid: 'uid-1', list: 'reminders', version: 3, exp: expect.any(Number) },
    });
  });

  it('are refused when signed with the key local installs used to share, or any other key', () => {
    const old = createUnsubscribeToken(
      'uid-1',
      'reminders',
      0,
      'medora-local-only-mail-link-secret-never-in-production',
      NOW,
    );
    expect(verifyUnsubscribeToken(old, SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('name a known list only: a correctly signed token for another preference is invalid', () => {
    for (const list of ['confirmations', 'in_app', 'all', '', null]) {
      expect(verifyUnsubscribeToken(signed({ uid: 'u', list, v: 0, exp }), SECRET, NOW)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('refuse a version that is not a whole number from 0', () => {
    for (const v of [-1, 1.5, '2', null, Number.MAX_SAFE_INTEGER + 2]) {
      expect(verifyUnsubscribeToken(signed({ uid: 'u', list: 'reminders', v, exp }), SECRET, NOW)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('read a token of the links mailed before versions as version 0 (valid until the first change)', () => {
    expect(verifyUnsubscribeToken(signed({ uid: 'u', list: 'reminders', exp }), SECRET, NOW)).toMatchObject({
      ok: true,
      claims: { version: 0 },
    });
  });

  it('a changed payload breaks the signature (another list or version cannot be swapped in)', () => {
    const token = createUnsubscribeToken('uid-1', 'reminders', 1, SECRET, NOW);
    const [, signature] = token.split('.');
    const swapped = Buffer.from(JSON.stringify({ uid: 'uid-1', list: 'reminders', v: 2, exp })).toString(
      'base64url',
    );
    expect(verifyUnsubscribeToken(`${swapped}.${signature}`, SECRET, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
