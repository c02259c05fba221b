import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_LISTS, UNSUBSCRIBE_TOKEN_DAYS, type UnsubscribeList } from '@medora/shared';

/**
 * The one-click unsubscribe token of a mail (RFC 8058): `<payload>.<signature>`, both base64url; the
 * payload names the user (Firebase uid), the one list it may turn off, that list's preference version
 * for the user when the mail was made, and the expiry (Unix seconds); the signature is HMAC-SHA256 over
 * the payload with MAIL_LINK_SECRET (a per-install key, never a constant of the code).
 *
 * Single purpose: it can only turn its own list off, and only while the user's preference of that list
 * still has the version it names. Every change of the preference bumps the version (a trigger on
 * user_preferences), so a token works once: after it was used, or after the user turned the list off
 * or on again in the settings, it changes nothing (a repeated one-click POST still answers success).
 */
export interface UnsubscribeClaims {
  uid: string;
  list: UnsubscribeList;
  /** The list's preference version for `uid` when the token was made (`v` in the payload). */
  version: number;
  /** Expiry, Unix seconds. */
  exp: number;
}

export type UnsubscribeCheck =
  { ok: true; claims: UnsubscribeClaims } | { ok: false; reason: 'invalid' | 'expired' };

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** A token for `uid`'s `list` at preference `version`, valid UNSUBSCRIBE_TOKEN_DAYS from `now`. */
export function createUnsubscribeToken(
  uid: string,
  list: UnsubscribeList,
  version: number,
  secret: string,
  now = new Date(),
): string {
  const exp = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  const payload = Buffer.from(JSON.stringify({ uid, list, v: version, exp })).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** Checks the signature (in constant time), then the shape and the expiry. */
export function verifyUnsubscribeToken(token: string, secret: string, now = new Date()): UnsubscribeCheck {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const c = claims as { uid?: unknown; list?: unknown; v?: unknown; exp?: unknown } | null;
  // A token of the links mailed before versions existed names none: version 0, the version of a
  // preference never changed since, so it works only while that is still true.
  const version = c?.v === undefined ? 0 : c.v;
  if (
    typeof c?.uid !== 'string' ||
    c.uid === '' ||
    !(UNSUBSCRIBE_LISTS as readonly unknown[]).includes(c.list) ||
    typeof version !== 'number' ||
    !Number.isSafeInteger(version) ||
    version < 0 ||
    typeof c.exp !== 'number' ||
    !Number.isInteger(c.exp)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (c.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { uid: c.uid, list: c.list as UnsubscribeList, version, exp: c.exp } };
}
