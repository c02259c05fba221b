import { hash } from 'node:crypto';

/** What the cache needs of a verified token: its expiry (`exp`, seconds since the epoch). */
export interface ExpiringToken {
  exp: number;
}

export interface VerifiedTokenCacheOptions {
  /** Most entries kept; the least recently used one goes first. */
  maxEntries?: number;
  /** The clock (ms since the epoch); tests pass their own. */
  now?: () => number;
  /**
   * Longest time an entry is served after its verification: a disabled, deleted or revoked
   * account is noticed at the next verification, so this bounds how long such a token still works.
   * Unset: until the token's `exp`. 0: nothing is kept.
   */
  maxAgeMs?: number;
}

export const DEFAULT_TOKEN_CACHE_ENTRIES = 10_000;

/**
 * Verified ID tokens by their SHA-256, so a client that sends the same token on every request pays
 * for signature verification (and, with the emulator, a round trip to it) once per token, not once per
 * request. Only successful verifications are stored, and an entry is served strictly before the
 * token's own `exp` — checked against the clock on every hit — so the cache can never accept a token
 * the verifier would refuse as expired. With `maxAgeMs` an entry also ends that long after its
 * verification, so the verifier's other checks (account disabled, deleted, tokens revoked) run again
 * at least that often. Concurrent misses for one token share one verification.
 */
export class VerifiedTokenCache<T extends ExpiringToken> {
  private readonly entries = new Map<string, { token: T; expiresAtMs: number }>();
  private readonly pending = new Map<string, Promise<T>>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly maxAgeMs: number;

  constructor(options: VerifiedTokenCacheOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_TOKEN_CACHE_ENTRIES);
    this.maxAgeMs = Math.max(0, options.maxAgeMs ?? Infinity);
    // Date.now looked up on each call, so a test's clock (or a mocked Date.now) is the one used.
    this.now = options.now ?? (() => Date.now());
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached decoded token, or the result of `verify` (stored only when it succeeds). */
  async getOrVerify(raw: string, verify: (raw: string) => Promise<T>): Promise<T> {
    // Hashing keeps the map's keys small and keeps no usable bearer token in memory. The one-shot
    // `crypto.hash` gives the same SHA-256 without a Hash object per request (CPU per request).
    const key = hash('sha256', raw, 'base64url');
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      if (this.now() < hit.expiresAtMs) {
        // Re-inserting moves the entry to the end of the Map's order: least recently used stays first.
        this.entries.set(key, hit);
        return hit.token;
      }
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const verification = verify(raw).then((token) => {
      this.store(key, token);
      return token;
    });
    this.pending.set(key, verification);
    try {
      return await verification;
    } finally {
      this.pending.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  private store(key: string, token: T): void {
    const now = this.now();
    const tokenExpiresMs = token.exp * 1000;
    // A token without a usable expiry (or already past it) is returned but never kept.
    if (!Number.isFinite(tokenExpiresMs) || now >= tokenExpiresMs) return;
    const expiresAtMs = Math.min(tokenExpiresMs, now + this.maxAgeMs);
    if (now >= expiresAtMs) return;
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { token, expiresAtMs });
  }
}
