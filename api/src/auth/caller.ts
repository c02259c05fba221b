import type { Role } from '@medora/shared';

/** Who is calling, from the verified ID token (uid, email, emailVerified) and our users table (role). */
export interface Caller {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** The role of the caller's user row; null until `POST /api/users` has run. */
  role: Role | null;
  registered: boolean;
}

export interface RequestWithCaller {
  headers: Record<string, string | string[] | undefined>;
  caller?: Caller;
}
