import { Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  MESSAGES,
  type Account,
  type NotificationPreferences,
  type UpdateAccountInput,
} from '@medora/shared';
import { AccessPolicy } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { UserPreferencesRepository } from './user-preferences.repository.js';
import { UsersRepository, type UserRow } from './users.repository.js';

function toAccount(row: UserRow): Account {
  return {
    uid: row.firebaseUid,
    email: row.email,
    emailVerified: row.emailVerified,
    role: row.role,
    name: row.name,
    phone: row.phone,
  };
}

/**
 * The settings page (docs/product.md#settings). Every route acts on the caller's own account: the owner is
 * the verified token's uid, never a path or body value, and the e-mail follows the token's e-mail.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly preferences: UserPreferencesRepository,
    private readonly access: AccessPolicy,
  ) {}

  /**
   * The stored e-mail follows the verified token: after an e-mail change is verified and the user
   * signs in again, the new token carries the new address (never a request body).
   */
  async syncEmailFromToken(caller: Caller): Promise<void> {
    if (caller.registered) {
      await this.users.refreshFromToken(
        caller.uid,
        caller.email,
        caller.emailVerified,
        caller.tokenIssuedAt ?? null,
      );
    }
  }

  private assertRegistered(caller: Caller): void {
    if (!caller.registered) throw new ApiException(403, MESSAGES.settingsAccountRequired);
  }

  /** `GET /api/me/account`. */
  async account(caller: Caller): Promise<Account> {
    this.assertRegistered(caller);
    await this.syncEmailFromToken(caller);
    const row = await this.users.findAccount(caller.uid);
    if (!row) throw new ApiException(403, MESSAGES.settingsAccountRequired);
    return toAccount(row);
  }

  /**
   * `PATCH /api/me/account`: name and/or phone; an empty value clears the field. The name is also the
   * health record's (docs/product.md#settings): one name, whichever screen shows it.
   */
  async updateAccount(caller: Caller, input: UpdateAccountInput): Promise<Account> {
    this.assertRegistered(caller);
    await this.syncEmailFromToken(caller);
    const row = await this.users.updateAccount(caller.uid, {
      name: input.name === undefined ? undefined : input.name || null,
      phone: input.phone === undefined ? undefined : input.phone || null,
    });
    if (!row) throw new ApiException(403, MESSAGES.settingsAccountRequired);
    // The health record's name changed too: that is a write of the record, audited as one.
    if (row.recordRenamed) {
      await this.access.audit(caller, 'allowed', {
        action: 'write',
        resourceType: 'profile',
        resourceId: caller.uid,
      });
    }
    return toAccount(row);
  }

  /** `GET /api/me/preferences`: what the user saved, or the shared defaults. */
  async getPreferences(caller: Caller): Promise<NotificationPreferences> {
    this.assertRegistered(caller);
    return (await this.preferences.findByFirebaseUid(caller.uid)) ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
  }

  /** `PUT /api/me/preferences`: the whole set. */
  async savePreferences(caller: Caller, input: NotificationPreferences): Promise<NotificationPreferences> {
    this.assertRegistered(caller);
    const saved = await this.preferences.save(caller.uid, input);
    if (!saved) throw new ApiException(403, MESSAGES.settingsAccountRequired);
    return saved;
  }
}
