import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  MESSAGES,
  proposeFromIntake,
  type Medication,
  type MedicationHistoryPage,
  type MedicationInput,
  type MedicationListResponse,
  type MedicationProposal,
  type MedicationReminderInput,
  type MedicationStatusInput,
  type MedicationUpdate,
  type AuditAction,
} from '@medora/shared';
import { AccessPolicy, type AccessOptions } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CURSOR_POSITIONS, encodeCursor, pageAfter } from '../common/keyset-cursor.js';
import {
  MedicationsRepository,
  WRITABLE_COLUMNS,
  type MedicationRow,
  type ServerColumns,
  type WritableField,
} from './medications.repository.js';

/** Stopped medicines per page of the history. */
export const MEDICATION_HISTORY_PAGE = 20;

/** Who may do what (docs/security.md#access-rules): the rules besides ownership, per kind of call. */
const READ: AccessOptions['allow'] = ['doctorOfPatient', 'admin'];
const ADD: AccessOptions['allow'] = ['doctorOfPatient'];
const OWNER_ONLY: AccessOptions['allow'] = [];

export function toMedication(row: MedicationRow): Medication {
  return {
    id: row.id,
    patientUid: row.patientUid,
    name: row.name,
    medicineId: row.medicineId,
    strength: row.strength,
    form: row.form,
    dose: row.dose,
    frequency: row.frequency,
    startedOn: row.startedOn,
    startedText: row.startedText,
    reason: row.reason,
    conditionKey: row.conditionKey,
    prescriber: row.prescriber,
    prescriberUid: row.prescriberUid,
    status: row.status,
    statusOn: row.statusOn,
    statusReason: row.statusReason,
    notes: row.notes,
    source: row.source,
    confirmedAt: row.confirmedAt ? new Date(row.confirmedAt).toISOString() : null,
    reminder: row.reminder,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    version: row.version,
  };
}

/** The writable fields of a body, as given (undefined: not sent, left as it is). */
function writableFields(input: Partial<Record<WritableField, string | null | undefined>>) {
  const out: Partial<Record<WritableField, string | null>> = {};
  for (const field of Object.keys(WRITABLE_COLUMNS) as WritableField[]) {
    const value = input[field];
    // An emptied text clears the field.
    if (value !== undefined) out[field] = value === '' ? null : value;
  }
  return out;
}

/** Today's date (YYYY-MM-DD) in UTC: the default of a status change's "on". */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * My medicines: the patient's list, which the patient keeps and a doctor caring for them reads, adds to
 * (waiting for the patient's confirmation) and marks reviewed; an admin reads it only under a
 * break-the-glass grant. Every call writes one audit row with what the caller got.
 */
@Injectable()
export class MedicationsService {
  constructor(
    private readonly repo: MedicationsRepository,
    private readonly access: AccessPolicy,
  ) {}

  private withAccess<T>(
    caller: Caller,
    uid: string,
    allow: AccessOptions['allow'],
    action: AuditAction,
    resourceId: string | null,
    work: () => Promise<T>,
    ownerAllowed?: false,
  ): Promise<T> {
    const audit = { action, resourceType: 'medication', resourceId, detail: `patient ${uid}` } as const;
    return this.access.withAccess(caller, uid, { allow, audit, ownerAllowed }, work);
  }

  /** `GET …/medications`: current medicines, the intake's open suggestions, the last confirmation and review. */
  list(caller: Caller, uid: string): Promise<MedicationListResponse> {
    return this.withAccess(caller, uid, READ, 'list', null, () => this.listOf(uid));
  }

  private async listOf(uid: string): Promise<MedicationListResponse> {
    const view = await this.repo.listView(uid);
    const used = new Set(view.usedKeys);
    const dismissed = new Set(view.dismissedTexts);
    const onList = new Set(view.current.map((m) => m.medicineId).filter(Boolean));
    const proposals = view.intake ? proposeFromIntake(view.intake.visitId, view.intake.answers) : [];
    return {
      current: view.current.map(toMedication),
      // Open suggestions: not confirmed or dismissed, nor (from a later intake) the same answer
      // dismissed before or a drug already on the list.
      proposals: proposals.filter(
        (p) =>
          !used.has(p.key) &&
          !dismissed.has(p.sourceText.toLowerCase()) &&
          !(p.medicineId && onList.has(p.medicineId)),
      ),
      lastConfirmedAt: view.lastConfirmedAt ? new Date(view.lastConfirmedAt).toISOString() : null,
      lastReview: view.lastReview,
    };
  }

  /** The open suggestion `key` of the patient's intake, inside a write's transaction; null when none. */
  private async openProposal(m: EntityManager, uid: string, key: string): Promise<MedicationProposal | null> {
    const intake = await this.repo.intake(m, uid);
    const proposal = intake && proposeFromIntake(intake.visitId, intake.answers).find((p) => p.key === key);
    if (!proposal || (await this.repo.proposalUsed(m, uid, key))) return null;
    return proposal;
  }

  /** `GET …/medications/history`: stopped medicines, last stopped first, a keyset page at a time. */
  history(caller: Caller, uid: string, cursor: string | undefined): Promise<MedicationHistoryPage> {
    return this.withAccess(caller, uid, READ, 'list', null, async () => {
      // One patient's history: another patient's cursor is refused.
      const scope = { list: 'medication-history', uid };
      const after = pageAfter(cursor, scope, CURSOR_POSITIONS.timeAndId, MESSAGES.medicationCursorInvalid);
      const rows = await this.repo.stopped(uid, after, MEDICATION_HISTORY_PAGE + 1);
      const items = rows.slice(0, MEDICATION_HISTORY_PAGE);
      const last = items[items.length - 1];
      return {
        items: items.map(toMedication),
        nextCursor:
          rows.length > MEDICATION_HISTORY_PAGE && last
            ? encodeCursor(scope, { at: last.keysetAt, id: last.id })
            : null,
      };
    });
  }

  /**
   * `POST …/medications`: the patient adds a medicine (confirmed at once; with `proposalKey`, the
   * suggestion it confirms is gone from the proposals); a doctor caring for the patient adds one as
   * theirs (source 'doctor', prescriber them), which waits for the patient's confirmation.
   */
  add(caller: Caller, uid: string, input: MedicationInput): Promise<Medication> {
    return this.withAccess(caller, uid, ADD, 'create', null, async () => {
      const byOwner = caller.uid === uid;
      let prescriber: string | null = null;
      if (!byOwner) {
        prescriber = await this.repo.doctorOfAppointment(caller.uid, uid, input.appointmentId ?? null);
        if (!prescriber) {
          throw new ApiException(400, MESSAGES.medicationAppointmentInvalid, {
            appointmentId: MESSAGES.medicationAppointmentInvalid,
          });
        }
      }
      const key = byOwner ? (input.proposalKey ?? null) : null;
      return this.repo.withPatientLock(uid, async (m) => {
        if (key && !(await this.openProposal(m, uid, key))) {
          throw new ApiException(409, MESSAGES.medicationProposalUnknown, {
            proposalKey: MESSAGES.medicationProposalUnknown,
          });
        }
        const row = await this.repo.insert(m, {
          ...writableFields(input),
          patientUid: uid,
          name: input.name,
          ...(prescriber ? { prescriber } : {}),
          source: byOwner ? (key ? 'intake' : 'patient') : 'doctor',
          prescriberUid: byOwner ? null : caller.uid,
          appointmentId: byOwner ? null : (input.appointmentId ?? null),
          proposalKey: key,
          confirmed: byOwner,
        });
        return toMedication(row);
      });
    });
  }

  /** `PATCH …/medications/:id` (the owner): the fields sent, on the version they were read at. */
  update(caller: Caller, uid: string, id: string, input: MedicationUpdate): Promise<Medication> {
    return this.ownerWrite(caller, uid, id, 'write', input.version, writableFields(input), {
      patientChanged: true,
    });
  }

  /** `POST …/medications/:id/status` (the owner): stop, pause or restart; the row stays (history). */
  setStatus(caller: Caller, uid: string, id: string, input: MedicationStatusInput): Promise<Medication> {
    return this.ownerWrite(
      caller,
      uid,
      id,
      'medication.status',
      input.version,
      {},
      {
        status: input.status,
        statusOn: input.on ?? today(),
        statusReason: input.status === 'taking' ? null : (input.reason ?? null),
        patientChanged: true,
      },
    );
  }

  /** `POST …/medications/:id/confirm` (the owner): a doctor's or an import's entry is right. */
  confirm(caller: Caller, uid: string, id: string): Promise<Medication> {
    return this.withAccess(caller, uid, OWNER_ONLY, 'medication.confirm', id, async () => {
      const row = await this.repo.find(uid, id);
      if (!row) throw new ApiException(404, MESSAGES.notFound);
      if (row.confirmedAt) throw new ApiException(409, MESSAGES.medicationNotConfirmable);
      return this.write(uid, id, row.version, {}, { confirmedAt: 'now', patientChanged: true });
    });
  }

  /** `PUT …/medications/:id/reminder` (the owner). */
  setReminder(caller: Caller, uid: string, id: string, input: MedicationReminderInput): Promise<Medication> {
    return this.ownerWrite(
      caller,
      uid,
      id,
      'medication.reminder',
      input.version,
      {},
      { reminder: input.reminder },
    );
  }

  /** `DELETE …/medications/:id` (the owner, after the screen asked): gone for good; the audit row stays. */
  remove(caller: Caller, uid: string, id: string): Promise<void> {
    return this.withAccess(caller, uid, OWNER_ONLY, 'delete', id, async () => {
      if (!(await this.repo.remove(uid, id))) throw new ApiException(404, MESSAGES.notFound);
    });
  }

  /** `POST …/medications/proposals/:key/dismiss` (the owner): not a medicine they take. */
  dismiss(caller: Caller, uid: string, key: string): Promise<void> {
    return this.withAccess(caller, uid, OWNER_ONLY, 'medication.dismiss', key, async () => {
      await this.repo.withPatientLock(uid, async (m) => {
        const proposal = await this.openProposal(m, uid, key);
        if (!proposal) throw new ApiException(404, MESSAGES.medicationProposalUnknown);
        await this.repo.dismiss(m, uid, key, proposal.sourceText);
      });
    });
  }

  /**
   * `POST …/medications/review`: a doctor caring for the patient, at one of their appointments with
   * them, reviewed the list (never the patient: it is a clinician's statement). Answers the list.
   */
  review(caller: Caller, uid: string, appointmentId: string): Promise<MedicationListResponse> {
    return this.withAccess(
      caller,
      uid,
      ADD,
      'medication.review',
      appointmentId,
      async () => {
        const name = await this.repo.doctorOfAppointment(caller.uid, uid, appointmentId);
        if (!name) {
          throw new ApiException(400, MESSAGES.medicationReviewNeedsVisit, {
            appointmentId: MESSAGES.medicationReviewNeedsVisit,
          });
        }
        await this.repo.addReview(uid, caller.uid, name, appointmentId);
        return this.listOf(uid);
      },
      false,
    );
  }

  private ownerWrite(
    caller: Caller,
    uid: string,
    id: string,
    action: AuditAction,
    version: number,
    fields: Partial<Record<WritableField, string | null>>,
    server: ServerColumns,
  ): Promise<Medication> {
    return this.withAccess(caller, uid, OWNER_ONLY, action, id, () =>
      this.write(uid, id, version, fields, server),
    );
  }

  /** One versioned change: 404 when the entry is not the patient's, 409 when it changed since `version`. */
  private async write(
    uid: string,
    id: string,
    version: number,
    fields: Partial<Record<WritableField, string | null>>,
    server: ServerColumns,
  ): Promise<Medication> {
    const row = await this.repo.update(uid, id, version, fields, server);
    if (row) return toMedication(row);
    if (!(await this.repo.find(uid, id))) throw new ApiException(404, MESSAGES.notFound);
    throw new ApiException(409, MESSAGES.medicationVersionConflict, {
      version: MESSAGES.medicationVersionConflict,
    });
  }
}
