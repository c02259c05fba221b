import { VerifiedTokenCache } from './verified-token-cache.js';

interface Token {
  uid: string;
  exp: number;
}

/** A verifier that counts its calls and answers from a table (a missing token is refused). */
function verifier(tokens: Record<string, Token>) {
  const calls: string[] = [];
  const verify = (raw: string): Promise<Token> => {
    calls.push(raw);
    const token = tokens[raw];
    return token ? Promise.resolve(token) : Promise.reject(new Error(`invalid token ${raw}`));
  };
  return { calls, verify };
}

const T0 = Date.UTC(2030, 0, 1);
const exp = (msFromT0: number) => (T0 + msFromT0) / 1000;

describe('VerifiedTokenCache', () => {
  it('verifies a token once and serves the decoded token from the cache afterwards', async () => {
    const cache = new VerifiedTokenCache<Token>({ now: () => T0 });
    const { calls, verify } = verifier({ a: { uid: 'u1', exp: exp(60_000) } });
    expect(await cache.getOrVerify('a', verify)).toEqual({ uid: 'u1', exp: exp(60_000) });
    expect(await cache.getOrVerify('a', verify)).toEqual({ uid: 'u1', exp: exp(60_000) });
    expect(calls).toEqual(['a']);
    expect(cache.size).toBe(1);
  });

  it('never serves a token at or after its exp: it goes back to the verifier, which refuses it', async () => {
    let now = T0;
    const cache = new VerifiedTokenCache<Token>({ now: () => now });
    const tokens: Record<string, Token> = { a: { uid: 'u1', exp: exp(60_000) } };
    const { calls, verify } = verifier(tokens);
    await cache.getOrVerify('a', verify);
    now = T0 + 59_999;
    await cache.getOrVerify('a', verify);
    expect(calls).toHaveLength(1);
    // The real verifier refuses an expired token; the cache must not answer in its place.
    delete tokens.a;
    now = T0 + 60_000;
    await expect(cache.getOrVerify('a', verify)).rejects.toThrow('invalid token a');
    expect(calls).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  it('does not keep a token that is already expired when its verification ends', async () => {
    const cache = new VerifiedTokenCache<Token>({ now: () => T0 });
    const { calls, verify } = verifier({ old: { uid: 'u1', exp: exp(-1) }, odd: { uid: 'u2', exp: NaN } });
    await cache.getOrVerify('old', verify);
    await cache.getOrVerify('old', verify);
    await cache.getOrVerify('odd', verify);
    await cache.getOrVerify('odd', verify);
    expect(calls).toEqual(['old', 'old', 'odd', 'odd']);
    expect(cache.size).toBe(0);
  });

  it('never caches a failure: the next call verifies again', async () => {
    const cache = new VerifiedTokenCache<Token>({ now: () => T0 });
    const tokens: Record<string, Token> = {};
    const { calls, verify } = verifier(tokens);
    await expect(cache.getOrVerify('a', verify)).rejects.toThrow('invalid token a');
    expect(cache.size).toBe(0);
    tokens.a = { uid: 'u1', exp: exp(60_000) };
    expect(await cache.getOrVerify('a', verify)).toMatchObject({ uid: 'u1' });
    expect(calls).toEqual(['a', 'a']);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new VerifiedTokenCache<Token>({ maxEntries: 3, now: () => T0 });
    const tokens = Object.fromEntries(
      ['a', 'b', 'c', 'd'].map((k) => [k, { uid: k, exp: exp(60_000) }]),
    ) as Record<string, Token>;
    const { calls, verify } = verifier(tokens);
    for (const k of ['a', 'b', 'c']) await cache.getOrVerify(k, verify);
    await cache.getOrVerify('a', verify); // a is now the most recently used; b the least
    await cache.getOrVerify('d', verify);
    expect(cache.size).toBe(3);
    calls.length = 0;
    for (const k of ['a', 'c', 'd']) await cache.getOrVerify(k, verify);
    expect(calls).toEqual([]);
    await cache.getOrVerify('b', verify);
    expect(calls).toEqual(['b']);
    expect(cache.size).toBe(3);
  });

  it('shares one verification between concurrent requests with the same token', async () => {
    const cache = new VerifiedTokenCache<Token>({ now: () => T0 });
    const { calls, verify } = verifier({ a: { uid: 'u1', exp: exp(60_000) } });
    const results = await Promise.all([1, 2, 3].map(() => cache.getOrVerify('a', verify)));
    expect(results.map((r) => r.uid)).toEqual(['u1', 'u1', 'u1']);
    expect(calls).toEqual(['a']);
  });

  it('shares a failure with concurrent requests but keeps nothing', async () => {
    const cache = new VerifiedTokenCache<Token>({ now: () => T0 });
    const { calls, verify } = verifier({});
    const results = await Promise.allSettled([1, 2].map(() => cache.getOrVerify('x', verify)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toEqual(['x']);
    await expect(cache.getOrVerify('x', verify)).rejects.toThrow();
    expect(calls).toEqual(['x', 'x']);
  });

  // A verified token is re-verified after maxAgeMs, so a revoked account is noticed.
  it('serves an entry for at most maxAgeMs after its verification, then verifies again', async () => {
    let now = T0;
    const cache = new VerifiedTokenCache<Token>({ maxAgeMs: 30_000, now: () => now });
    const tokens: Record<string, Token> = { a: { uid: 'u1', exp: exp(3_600_000) } };
    const { calls, verify } = verifier(tokens);
    await cache.getOrVerify('a', verify);
    now = T0 + 29_999;
    await cache.getOrVerify('a', verify);
    expect(calls).toHaveLength(1);
    // The account was disabled meanwhile: the verifier now refuses, and the cache must ask it.
    delete tokens.a;
    now = T0 + 30_000;
    await expect(cache.getOrVerify('a', verify)).rejects.toThrow('invalid token a');
    expect(calls).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing with maxAgeMs 0: every call verifies', async () => {
    const cache = new VerifiedTokenCache<Token>({ maxAgeMs: 0, now: () => T0 });
    const { calls, verify } = verifier({ a: { uid: 'u1', exp: exp(60_000) } });
    await cache.getOrVerify('a', verify);
    await cache.getOrVerify('a', verify);
    expect(calls).toEqual(['a', 'a']);
    expect(cache.size).toBe(0);
  });

  it('still ends an entry at the token’s exp when that comes before maxAgeMs', async () => {
    let now = T0;
    const cache = new VerifiedTokenCache<Token>({ maxAgeMs: 30_000, now: () => now });
    const { calls, verify } = verifier({ a: { uid: 'u1', exp: exp(10_000) } });
    await cache.getOrVerify('a', verify);
    now = T0 + 10_000;
    await cache.getOrVerify('a', verify);
    expect(calls).toHaveLength(2);
  });
});
