import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SummaryFlag } from '@medora/shared';

/** How many earlier visits are searched for unreviewed flags (newest first). */
export const CARRIED_VISITS_MAX = 20;

export interface EarlierVisitFlags {
  visitId: string;
  visitedAt: Date;
  flags: SummaryFlag[];
  reviewed: string[];
}

/** The SQL of flag carry-forward and reviews (patient_visits' summaries, clinical_flag_reviews). */
@Injectable()
export class FlagReviewsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Flags of the patient's visits before `before` (exclusive), newest first, with their reviews. */
  async earlierVisits(uid: string, before: { id: string; visitedAt: Date }): Promise<EarlierVisitFlags[]> {
    const rows = (await this.ds.query(
      `SELECT v.id, v.visited_at, v.summary->'flags' AS flags,
              COALESCE(array_agg(r.flag_id) FILTER (WHERE r.flag_id IS NOT NULL), '{}') AS reviewed
         FROM patient_visits v
         LEFT JOIN clinical_flag_reviews r ON r.visit_id = v.id
        WHERE v.firebase_uid = $1 AND (v.visited_at, v.id) < ($2, $3)
          AND jsonb_typeof(v.summary->'flags') = 'array' AND jsonb_array_length(v.summary->'flags') > 0
        GROUP BY v.id, v.visited_at
        ORDER BY v.visited_at DESC, v.id DESC
        LIMIT ${CARRIED_VISITS_MAX}`,
      [uid, before.visitedAt, before.id],
    )) as { id: string; visited_at: Date; flags: SummaryFlag[]; reviewed: string[] }[];
    return rows.map((r) => ({
      visitId: r.id,
      visitedAt: r.visited_at,
      flags: r.flags,
      reviewed: r.reviewed,
    }));
  }

  /** The visit's flags when it is this patient's visit (sent by `until`, when given); null otherwise. */
  async visitFlags(uid: string, visitId: string, until: Date | null = null): Promise<SummaryFlag[] | null> {
    const rows = (await this.ds.query(
      `SELECT summary->'flags' AS flags FROM patient_visits
        WHERE id = $1 AND firebase_uid = $2 AND ($3::timestamptz IS NULL OR visited_at <= $3)`,
      [visitId, uid, until],
    )) as { flags: SummaryFlag[] | null }[];
    if (rows.length === 0) return null;
    return Array.isArray(rows[0]!.flags) ? rows[0]!.flags : [];
  }

  /** Records the review (the first one stands); returns when it was reviewed. */
  async markReviewed(uid: string, visitId: string, flagId: string, reviewer: string): Promise<Date> {
    await this.ds.query(
      `INSERT INTO clinical_flag_reviews (visit_id, flag_id, firebase_uid, reviewed_by)
       VALUES ($1, $2, $3, $4) ON CONFLICT (visit_id, flag_id) DO NOTHING`,
      [visitId, flagId, uid, reviewer],
    );
    const rows = (await this.ds.query(
      `SELECT reviewed_at FROM clinical_flag_reviews WHERE visit_id = $1 AND flag_id = $2`,
      [visitId, flagId],
    )) as { reviewed_at: Date }[];
    return rows[0]!.reviewed_at;
  }
}
