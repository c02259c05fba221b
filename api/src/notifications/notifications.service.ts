import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MESSAGES, type NotificationsResponse } from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { USER_COLUMNS, type UserRow } from '../users/users.queries.js';
import { UsersRepository } from '../users/users.repository.js';
import { NOTIFICATION_SOURCES, type NotificationSource } from './notification-sources.js';

/** The caller's user row and, per source, its rows as JSON (`source0`, `source1`, …). */
type SourcesRow = UserRow & { [source: `source${number}`]: Record<string, unknown>[] | null };

/** Token for the list of sources, so tests (and later issues) can supply their own. */
@Injectable()
export class NotificationsService {
  private readonly sources: NotificationSource[] = NOTIFICATION_SOURCES;
  /**
   * The caller's user row with every source's rows as JSON columns: one statement however many
   * sources there are (issue 9: a list request issues a fixed number of statements).
   */
  private readonly sourcesSql = `SELECT ${USER_COLUMNS},
      ${this.sources
        .map((s, i) =>
          s.sql
            ? `(SELECT COALESCE(json_agg(r), '[]'::json) FROM (${s.sql}) r) AS "source${i}"`
            : `NULL AS "source${i}"`,
        )
        .join(',\n      ')}
    FROM users u WHERE u.firebase_uid = $1`;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly users: UsersRepository,
  ) {}

  /** The caller's notifications, newest first, with their read state. An unregistered caller has none. */
  async list(caller: Caller, now = new Date()): Promise<NotificationsResponse> {
    const [row]: SourcesRow[] = await this.ds.query(this.sourcesSql, [caller.uid, now]);
    if (!row) return { items: [], unread: 0 };
    const user: UserRow = row;
    const sourced = this.sources.flatMap((s, i) => s.build(row[`source${i}`] ?? [], { user, now }));
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
