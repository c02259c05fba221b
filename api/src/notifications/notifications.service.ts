import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MESSAGES, type NotificationsResponse } from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { UsersRepository } from '../users/users.repository.js';
import { NOTIFICATION_SOURCES, type NotificationSource } from './notification-sources.js';

/** Token for the list of sources, so tests (and later issues) can supply their own. */
@Injectable()
export class NotificationsService {
  private readonly sources: NotificationSource[] = NOTIFICATION_SOURCES;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly users: UsersRepository,
  ) {}

  /** The caller's notifications, newest first, with their read state. An unregistered caller has none. */
  async list(caller: Caller, now = new Date()): Promise<NotificationsResponse> {
    const user = await this.users.findByFirebaseUid(caller.uid);
    if (!user) return { items: [], unread: 0 };
    const sourced = (await Promise.all(this.sources.map((s) => s({ user, now, ds: this.ds })))).flat();
    sourced.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const reads: { id: string }[] = sourced.length
      ? await this.ds.query(
          `SELECT notification_id AS id FROM notification_reads WHERE user_id = $1 AND notification_id = ANY($2)`,
          [user.id, sourced.map((n) => n.id)],
        )
      : [];
    const read = new Set(reads.map((r) => r.id));
    const items = sourced.map((n) => ({ ...n, read: read.has(n.id) }));
    return { items, unread: items.filter((n) => !n.read).length };
  }

  /** Marks notifications read; an id that is not among the caller's own notifications is refused (403). */
  async markRead(caller: Caller, ids: string[]): Promise<NotificationsResponse> {
    const current = await this.list(caller);
    const own = new Set(current.items.map((n) => n.id));
    if (ids.some((id) => !own.has(id))) throw new ApiException(403, MESSAGES.forbidden);
    const user = await this.users.findByFirebaseUid(caller.uid);
    await this.ds.query(
      `INSERT INTO notification_reads (user_id, notification_id)
       SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [user!.id, [...new Set(ids)]],
    );
    return this.list(caller);
  }
}
