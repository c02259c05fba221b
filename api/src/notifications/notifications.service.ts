import { Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_PREFERENCES, MESSAGES, type NotificationsResponse } from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import { buildNotifications } from './notification-sources.js';
import { NotificationsRepository } from './notifications.repository.js';

@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly users: UsersRepository,
  ) {}

  /**
   * The caller's notifications, newest first, with their read state. An unregistered caller has none,
   * and neither has one who turned in-app notifications off: the bell is empty and its count 0 while
   * the setting is off. What happens meanwhile is still recorded, so turning it back on shows the
   * last 7 days again, read state kept. One page always (`nextCursor` null): the sources are
   * bounded to those 7 days, so the bell's list never needs a second page.
   */
  async list(caller: Caller, now = new Date()): Promise<NotificationsResponse> {
    const row = await this.notifications.sourcesRow(caller.uid, now);
    if (!row) return { items: [], nextCursor: null, unread: 0 };
    if (!(row.inAppNotifications ?? DEFAULT_NOTIFICATION_PREFERENCES.inAppNotifications)) {
      return { items: [], nextCursor: null, unread: 0 };
    }
    const user: UserRow = row;
    const sourced = buildNotifications(row.sources, { user, now });
    sourced.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const read = sourced.length
      ? await this.notifications.readIds(
          user.id,
          sourced.map((n) => n.id),
        )
      : new Set<string>();
    const items = sourced.map(({ settled, ...n }) => ({ ...n, read: settled === true || read.has(n.id) }));
    return { items, nextCursor: null, unread: items.filter((n) => !n.read).length };
  }

  /** Marks notifications read; an id that is not among the caller's own notifications is refused (403). */
  async markRead(caller: Caller, ids: string[]): Promise<NotificationsResponse> {
    const current = await this.list(caller);
    const own = new Set(current.items.map((n) => n.id));
    if (ids.some((id) => !own.has(id))) throw new ApiException(403, MESSAGES.forbidden);
    const user = await this.users.findByFirebaseUid(caller.uid);
    await this.notifications.markRead(user!.id, [...new Set(ids)]);
    return this.list(caller);
  }
}
