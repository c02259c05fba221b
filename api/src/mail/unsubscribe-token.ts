import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_LISTS, UNSUBSCRIBE_TOKEN_DAYS, type UnsubscribeList } from '@medora/shared';

/**
 * The one-click unsubscribe token of a mail (RFC 8058): `<payload>.<signature>`, both
 * base64url; the payload names the user (Firebase uid), the list and the expiry (Unix seconds), the
 * signature is HMAC-SHA256 over the payload with MAIL_LINK_SECRET. No row is stored: the token is the
 * proof that the link came from a mail Medora sent to that user.
 */
export interface UnsubscribeClaims {
  uid: string;
  list: UnsubscribeList;
  /** Expiry, Unix seconds. */
  exp: number;
}

export type UnsubscribeCheck =
  { ok: true; claims: UnsubscribeClaims } | { ok: false; reason: 'invalid' | 'expired' };

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** A token for `uid` and `list`, valid UNSUBSCRIBE_TOKEN_DAYS from `now`. */
export function createUnsubscribeToken(
  uid: string,
  list: UnsubscribeList,
  secret: string,
  now = new Date(),
): string {
  const exp = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  const payload = Buffer.from(JSON.stringify({ uid, list, exp } satisfies UnsubscribeClaims)).toString(
    'base64url',
  );
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
  const c = claims as Partial<UnsubscribeClaims> | null;
  if (
    typeof c?.uid !== 'string' ||
    c.uid === '' ||
    !(UNSUBSCRIBE_LISTS as readonly unknown[]).includes(c.list) ||
    typeof c.exp !== 'number' ||
    !Number.isInteger(c.exp)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (c.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { uid: c.uid, list: c.list!, exp: c.exp } };
}
