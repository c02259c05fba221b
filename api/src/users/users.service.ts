import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  isClinicianRole,
  type CreateUserInput,
  type MeAccess,
  type MeResponse,
  type User,
} from '@medora/shared';
import { AccessPolicy, type AccessOptions } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { UsersRepository, type UserRow } from './users.repository.js';

export function toUser(row: UserRow): User {
  return {
    uid: row.firebaseUid,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerified,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
  };
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly policy: AccessPolicy,
  ) {}

  /**
   * `POST /api/users`. Email and emailVerified come from the verified token, never the body.
   * The first call creates the record; later calls return it unchanged except for the token's email
   * data, so nobody can switch role by posting again.
   */
  async register(caller: Caller, input: CreateUserInput): Promise<{ created: boolean; user: User }> {
    if (input.uid !== caller.uid) throw new ApiException(403, MESSAGES.uidMismatch);
    const created = await this.users.insertIfMissing({
      firebaseUid: caller.uid,
      email: caller.email,
      emailVerified: caller.emailVerified,
      role: input.role,
      phone: input.phone ?? null,
    });
    if (!created)
      await this.users.refreshFromToken(
        caller.uid,
        caller.email,
        caller.emailVerified,
        caller.tokenIssuedAt ?? null,
      );
    const row = await this.users.findByFirebaseUid(caller.uid);
    if (!row) throw new Error(`User ${caller.uid} vanished right after registration`);
    return { created, user: toUser(row) };
  }

  /** `GET /api/users/:uid`: the owner, or an admin. */
  async get(caller: Caller, uid: string): Promise<User> {
    // Someone else's account (an admin's read) and every refusal are audited; one's own read is not.
    const options = {
      allow: ['adminAccount'],
      audit: { action: 'user.read', resourceType: 'user', resourceId: uid },
      auditOwner: false,
    } satisfies AccessOptions;
    return this.policy.withAccess(caller, uid, options, async () => {
      const row = await this.users.findByFirebaseUid(uid);
      if (!row) throw new ApiException(404, MESSAGES.notFound);
      return toUser(row);
    });
  }

  async me(caller: Caller): Promise<MeResponse> {
    // The stored e-mail follows the verified token, so an e-mail change verified through
    // the settings page reaches the users row when the user signs in again (the session asks here).
    if (caller.registered) {
      await this.users.refreshFromToken(
        caller.uid,
        caller.email,
        caller.emailVerified,
        caller.tokenIssuedAt ?? null,
      );
    }
    return {
      registered: caller.registered,
      user: {
        uid: caller.uid,
        email: caller.email,
        role: caller.role ?? 'patient',
        emailVerified: caller.emailVerified,
      },
      access: await this.access(caller),
    };
  }

  /**
   * What the caller may open (the client guards only redirect on it). The provider dashboard needs a
   * doctor or provider whose linked doctor record an admin has approved.
   */
  async access(caller: Caller): Promise<MeAccess> {
    const admin = caller.role === 'admin';
    if (caller.role === null || !isClinicianRole(caller.role)) return { admin, providerDashboard: false };
    return { admin, providerDashboard: await this.users.hasApprovedDoctor(caller.uid) };
  }
}
