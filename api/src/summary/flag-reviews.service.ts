import { Injectable } from '@nestjs/common';
import {
  byUrgency,
  MESSAGES,
  type CarriedFlag,
  type ClinicalSummary,
  type FlagReviewResult,
} from '@medora/shared';
import { AccessPolicy, type AccessOptions } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { FlagReviewsRepository } from './flag-reviews.repository.js';

/**
 * Risk carried forward: a flag raised at an earlier visit is shown on later summaries as "previously
 * flagged" until a clinician caring for the patient marks it reviewed (audited). The same rule (the
 * same problem) raised again at the latest visit is listed there instead.
 */
@Injectable()
export class FlagReviewsService {
  constructor(
    private readonly repo: FlagReviewsRepository,
    private readonly access: AccessPolicy,
  ) {}

  /** The summary with the unreviewed flags of the patient's visits before `visit`. */
  async withCarried(
    uid: string,
    visit: { id: string; visitedAt: Date },
    summary: ClinicalSummary | null,
  ): Promise<ClinicalSummary | null> {
    if (!summary) return summary;
    const current = new Set((summary.flags ?? []).map((f) => f.concept));
    const seen = new Set<string>();
    const carried: CarriedFlag[] = [];
    for (const earlier of await this.repo.earlierVisits(uid, visit)) {
      for (const flag of earlier.flags) {
        if (earlier.reviewed.includes(flag.id) || current.has(flag.concept) || seen.has(flag.concept))
          continue;
        seen.add(flag.concept);
        carried.push({ ...flag, visitId: earlier.visitId, visitedAt: earlier.visitedAt.toISOString() });
      }
    }
    return { ...summary, previousFlags: byUrgency(carried) };
  }

  /**
   * `POST /api/patients/{uid}/visits/{id}/flags/{flagId}/review`: a doctor of the patient or an admin
   * (never the patient: a review is a clinician's statement); 404 for a visit or flag that is not there.
   */
  review(caller: Caller, uid: string, visitId: string, flagId: string): Promise<FlagReviewResult> {
    const options = {
      allow: ['doctorOfPatient', 'admin'],
      ownerAllowed: false,
      audit: {
        action: 'flag.review',
        resourceType: 'profile',
        resourceId: uid,
        detail: `visit ${visitId} flag ${flagId}`,
      },
    } satisfies AccessOptions;
    return this.access.withAccess(caller, uid, options, async () => {
      // A visit the patient sent after the doctor's last visit is not theirs to review (404 as unknown).
      const flags = await this.repo.visitFlags(uid, visitId, await this.access.visibleUntil(caller, uid));
      if (!flags?.some((f) => f.id === flagId)) throw new ApiException(404, MESSAGES.flagReviewNotFound);
      const reviewedAt = await this.repo.markReviewed(uid, visitId, flagId, caller.uid);
      return { visitId, flagId, reviewedAt: reviewedAt.toISOString() };
    });
  }
}
