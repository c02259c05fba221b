import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { USER_COLUMNS, type UserRow } from '../users/users.repository.js';
import { NotificationReadEntity } from './notification-read.entity.js';
import type { NotificationSource } from './notification-sources.js';

/** The caller's user row and, per source, its rows as JSON (`source0`, `source1`, …). */
export type SourcesRow = UserRow & { [source: `source${number}`]: Record<string, unknown>[] | null } & {
  /** The user's in-app notifications setting; null when they never saved preferences. */
  inAppNotifications: boolean | null;
};

/** Data access for notifications: the sources' rows and the per-user read state. */
@Injectable()
export class NotificationsRepository {
  constructor(
    @InjectRepository(NotificationReadEntity) private readonly repo: Repository<NotificationReadEntity>,
  ) {}

  /**
   * The caller's user row with every source's rows as JSON columns: one statement however many
   * sources there are (a list request issues a fixed number of statements).
   */
  static sourcesSql(sources: NotificationSource[]): string {
    return `SELECT ${USER_COLUMNS},
      (SELECT p.in_app_notifications FROM user_preferences p WHERE p.user_id = u.id) AS "inAppNotifications",
      ${sources
        .map((s, i) =>
          s.sql
            ? `(SELECT COALESCE(json_agg(r), '[]'::json) FROM (${s.sql}) r) AS "source${i}"`
            : `NULL AS "source${i}"`,
        )
        .join(',\n      ')}
    FROM users u WHERE u.firebase_uid = $1`;
  }

  /** Runs `sourcesSql` (built once by the caller) for a firebase uid; null for an unregistered one. */
  async sourcesRow(sourcesSql: string, firebaseUid: string, now: Date): Promise<SourcesRow | null> {
    const [row]: SourcesRow[] = await this.repo.query(sourcesSql, [firebaseUid, now]);
    return row ?? null;
  }

  /** Which of `ids` the user has read. */
  async readIds(userId: string, ids: string[]): Promise<Set<string>> {
    const reads: { id: string }[] = await this.repo.query(
      `SELECT notification_id AS id FROM notification_reads WHERE user_id = $1 AND notification_id = ANY($2)`,
      [userId, ids],
    );
    return new Set(reads.map((r) => r.id));
  }

  async markRead(userId: string, ids: string[]): Promise<void> {
    await this.repo.query(
      `INSERT INTO notification_reads (user_id, notification_id)
       SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [userId, ids],
    );
  }
}
