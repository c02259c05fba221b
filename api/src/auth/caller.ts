import type { Role } from '@medora/shared';

/** Who is calling, from the verified ID token (uid, email, emailVerified) and our users table (role). */
export interface Caller {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** The role of the caller's user row; null until `POST /api/users` has run. */
  role: Role | null;
  registered: boolean;
  /**
   * Where the call came from, for the audit log: Fastify's `request.ip` (the trusted-proxy
   * rules decide it) and the User-Agent header. Set by the auth guard; absent in unit tests.
   */
  ip?: string | null;
  userAgent?: string | null;
  /**
   * When the ID token was issued (its `iat`): the stored e-mail follows only a token at
   * least as new as the one it was set from. Set by the auth guard; absent in unit tests.
   */
  tokenIssuedAt?: Date | null;
}

export interface RequestWithCaller {
  headers: Record<string, string | string[] | undefined>;
  method?: string;
  /** Fastify's client address (after the trusted-proxy rules). */
  ip?: string;
  /** The matched route's path pattern (Fastify), e.g. `/api/admin/credentials/:id/file`. */
  routeOptions?: { url?: string };
  params?: Record<string, string | undefined>;
  caller?: Caller;
}
