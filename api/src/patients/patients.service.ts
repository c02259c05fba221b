import { Inject, Injectable } from '@nestjs/common';
import {
  healthRecordFileName,
  inferVisitKind,
  MESSAGES,
  splitAnswers,
  summaryInput,
  visitAnswersFor,
  visitReason,
  VISITS_LIST_MAX,
  withFollowUpSection,
  type ClinicalSummary,
  type DraftResponse,
  type FhirExportFormat,
  type IntakeAnswers,
  type FlagReviewResult,
  type IntakeDraft,
  type PatientResponse,
  type SaveDraftInput,
  type SavePatientInput,
  type VisitDetail,
  type VisitListItem,
  type VisitsResponse,
} from '@medora/shared';
import { AccessPolicy, type AccessOptions, type AuditTarget } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CURSOR_POSITIONS, encodeCursor, pageAfter } from '../common/keyset-cursor.js';
import { CONFIG, type Config } from '../config/config.js';
import { FlagReviewsService } from '../summary/flag-reviews.service.js';
import { SummaryService } from '../summary/summary.service.js';
import { buildFhirBundle, buildIpsDocument } from './fhir-export.js';
import { MedicationsRepository } from '../medications/medications.repository.js';
import type { PatientDraftEntity, PatientVisitEntity } from './patient-visit.entity.js';
import { PatientsRepository, type PatientRecordRow } from './patients.repository.js';

/** `GET /api/patients/{uid}` keeps the spec's shape: the current record and the latest visit's summary. */
function toResponse({ profile, latest }: PatientRecordRow): PatientResponse {
  return {
    exists: true,
    data: { ...profile.data, ...(latest?.data ?? {}) },
    aiSummary: latest?.summary ?? null,
    updatedAt: profile.updatedAt.toISOString(),
  };
}

function toListItem(v: Pick<PatientVisitEntity, 'id' | 'kind' | 'reason' | 'visitedAt'>): VisitListItem {
  return { id: v.id, kind: v.kind, visitedAt: v.visitedAt.toISOString(), reason: v.reason };
}

function toDraftResponse(row: PatientDraftEntity | null): DraftResponse {
  return row
    ? { draft: row.data as IntakeDraft, savedAt: row.updatedAt.toISOString() }
    : { draft: null, savedAt: null };
}

/**
 * Who may read a patient's health record, visits included: the owner, a doctor caring for them (up to
 * their last visit: `AccessPolicy.visibleUntil`), an admin.
 */
export const READERS: AccessOptions['allow'] = ['admin', 'doctorOfPatient'];

@Injectable()
export class PatientsService {
  constructor(
    private readonly patients: PatientsRepository,
    private readonly access: AccessPolicy,
    private readonly summary: SummaryService,
    private readonly flagReviews: FlagReviewsService,
    private readonly medications: MedicationsRepository,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** The response with the latest summary's earlier unreviewed flags carried forward. */
  private async respond(row: PatientRecordRow): Promise<PatientResponse> {
    const response = toResponse(row);
    if (row.latest) {
      response.aiSummary = await this.flagReviews.withCarried(
        row.profile.firebaseUid,
        row.latest,
        response.aiSummary,
      );
    }
    return response;
  }

  /**
   * `GET /api/patients/:uid`: the owner, a doctor the patient booked with, or an admin; 404 for a
   * patient without a record yet (a new patient).
   */
  get(caller: Caller, uid: string): Promise<PatientResponse> {
    const audit: AuditTarget = { action: 'read', resourceType: 'profile', resourceId: uid };
    return this.access.withAccess(caller, uid, { allow: READERS, audit }, async () => {
      const record = await this.patients.findRecord(uid, await this.access.visibleUntil(caller, uid));
      if (!record) throw new ApiException(404, MESSAGES.notFound);
      return this.respond(record);
    });
  }

  /**
   * `POST /api/patients`: saves the caller's submission: the profile's stable facts are replaced, the
   * visit's own answers become a new visit with its clinical summary, the draft goes.
   */
  async save(
    caller: Caller,
    input: SavePatientInput,
  ): Promise<{ created: boolean; patient: PatientResponse }> {
    const target: AuditTarget = { action: 'write', resourceType: 'profile', resourceId: input.uid };
    if (input.uid !== caller.uid) {
      await this.access.audit(caller, 'denied', target);
      throw new ApiException(403, MESSAGES.uidMismatch);
    }
    await this.access.audit(caller, 'allowed', target);
    const answers = input.data as IntakeAnswers;
    const kind = input.kind ?? inferVisitKind(answers);
    const { profile, visit } = splitAnswers(answers);
    const visitData = visitAnswersFor(kind, visit);
    const answersToSummarize = summaryInput(kind, profile, visitData);
    const complete = (s: ClinicalSummary) => (kind === 'follow-up' ? withFollowUpSection(s, visitData) : s);
    // The confirmed medicine list is read before the intake's medicine answers.
    const listed = await this.medications.listedForSummary(caller.uid);
    // The deterministic summary is stored at once; an LLM's replaces it when it answers.
    const saved = await this.patients.saveSubmission(caller.uid, profile, {
      kind,
      reason: visitReason(kind, visitData),
      data: visitData,
      summary: complete(this.summary.deterministic(answersToSummarize, listed)),
    });
    this.summary.enrichLater(
      answersToSummarize,
      (enriched) => this.patients.replaceDeterministicSummary(saved.visit.id, complete(enriched)),
      listed,
    );
    const patient = await this.respond({ profile: saved.profile, latest: saved.visit });
    // Self-harm or suicide intent disclosed: where to get help now, in the answer itself, so the
    // thank-you screen shows it before anything else.
    if (saved.visit.summary?.crisis) patient.crisis = { ...this.config.crisis };
    return { created: saved.created, patient };
  }

  /**
   * `GET /api/patients/:uid/visits`: the newest visits first, VISITS_LIST_MAX a page — `cursor` for the
   * page after — for who may read the record.
   */
  listVisits(caller: Caller, uid: string, cursor?: string): Promise<VisitsResponse> {
    const audit: AuditTarget = { action: 'list', resourceType: 'profile', resourceId: uid };
    return this.access.withAccess(caller, uid, { allow: READERS, audit }, async () =>
      this.visitsPage(uid, cursor, await this.access.visibleUntil(caller, uid)),
    );
  }

  private async visitsPage(
    uid: string,
    cursor: string | undefined,
    until: Date | null,
  ): Promise<VisitsResponse> {
    // One patient's list: another patient's cursor is refused.
    const scope = { list: 'visits', uid };
    const after = pageAfter(cursor, scope, CURSOR_POSITIONS.id);
    const page = await this.patients.listVisits(uid, VISITS_LIST_MAX, after?.id ?? null, until);
    // A cursor of this patient's list whose visit is not theirs, or no longer visible to the caller.
    if (!page) {
      throw new ApiException(400, MESSAGES.listCursorInvalid, { cursor: MESSAGES.listCursorInvalid });
    }
    const items = page.rows.slice(0, VISITS_LIST_MAX);
    const last = items.at(-1);
    return {
      items: items.map(toListItem),
      nextCursor: page.rows.length > VISITS_LIST_MAX && last ? encodeCursor(scope, { id: last.id }) : null,
      total: page.total,
    };
  }

  /** `GET /api/patients/:uid/visits/:id`: one visit's answers and summary; 404 for another's id. */
  getVisit(caller: Caller, uid: string, id: string): Promise<VisitDetail> {
    const audit: AuditTarget = { action: 'read', resourceType: 'profile', resourceId: uid };
    return this.access.withAccess(caller, uid, { allow: READERS, audit }, async () => {
      const visit = await this.patients.findVisit(uid, id, await this.access.visibleUntil(caller, uid));
      if (!visit) throw new ApiException(404, MESSAGES.notFound);
      return {
        ...toListItem(visit),
        data: visit.data,
        summary: await this.flagReviews.withCarried(uid, visit, visit.summary),
      };
    });
  }

  /** `POST /api/patients/:uid/visits/:id/flags/:flagId/review`: a clinician marks a flag reviewed. */
  reviewFlag(caller: Caller, uid: string, visitId: string, flagId: string): Promise<FlagReviewResult> {
    return this.flagReviews.review(caller, uid, visitId, flagId);
  }

  /**
   * `GET /api/patients/:uid/fhir`, the record as a FHIR R4 Bundle for who may read it
   * (READERS: the owner, a doctor caring for the patient, an admin), audited as an 'export'.
   */
  exportFhir(
    caller: Caller,
    uid: string,
    format: FhirExportFormat = 'collection',
  ): Promise<{ fileName: string; body: string }> {
    const audit: AuditTarget = { action: 'export', resourceType: 'profile', resourceId: uid };
    return this.access.withAccess(caller, uid, { allow: READERS, audit }, async () => {
      const rows = await this.patients.findExportRows(uid, await this.access.visibleUntil(caller, uid));
      if (!rows) throw new ApiException(404, MESSAGES.notFound);
      const now = new Date();
      const options = { now, appUrl: this.config.mail.appUrl };
      const bundle = format === 'ips' ? buildIpsDocument(rows, options) : buildFhirBundle(rows, options);
      return { fileName: healthRecordFileName(now, format), body: JSON.stringify(bundle) };
    });
  }

  /** The draft routes: the owner only (a draft is not part of the record anyone else may read). */
  private withOwnDraft<T>(
    caller: Caller,
    uid: string,
    action: 'read' | 'write' | 'delete',
    work: () => Promise<T>,
  ): Promise<T> {
    const options = {
      audit: { action, resourceType: 'profile', resourceId: uid } satisfies AuditTarget,
      // Saved every few seconds while typing: only someone else's attempt is worth a row.
      auditOwner: false,
    } as const;
    return this.access.withAccess(caller, uid, options, work);
  }

  getDraft(caller: Caller, uid: string): Promise<DraftResponse> {
    return this.withOwnDraft(caller, uid, 'read', async () =>
      toDraftResponse(await this.patients.findDraft(uid)),
    );
  }

  saveDraft(caller: Caller, uid: string, draft: SaveDraftInput): Promise<DraftResponse> {
    return this.withOwnDraft(caller, uid, 'write', async () =>
      toDraftResponse(await this.patients.saveDraft(uid, draft)),
    );
  }

  deleteDraft(caller: Caller, uid: string): Promise<void> {
    return this.withOwnDraft(caller, uid, 'delete', () => this.patients.deleteDraft(uid));
  }
}
