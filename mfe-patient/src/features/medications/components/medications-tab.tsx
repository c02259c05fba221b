import { useId, useState } from 'react';
import {
  errorMessage,
  confirmDialog,
  formatDateTime,
  formatMessage,
  medicationAwaitsConfirmation,
  medicationDoseLine,
  medicationReminderText,
  medicationStarted,
  medicationStatusText,
  medicationStrengthForm,
  MESSAGES,
  notify,
  type Medication,
  type MedicationProposal,
  type MedicationStatus,
} from '@medora/shared';
import { QueryState } from '../../../components/query-state';
import common from '../../../components/patient.module.css';
import { ActionButton } from '../../../components/action-button';
import { useMedicationActions, useMedications } from '../api/medications';
import { EMPTY_FORM, formFromMedication, formFromProposal } from '../model/medication-form';
import { MedicationFormDialog } from './medication-form-dialog';
import { MedicationHistory } from './medication-history';
import { ReminderDialog } from './reminder-dialog';
import { StatusDialog } from './status-dialog';
import css from './medications.module.css';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; medication: Medication }
  | { kind: 'proposal'; proposal: MedicationProposal }
  | { kind: 'status'; medication: Medication; status: MedicationStatus }
  | { kind: 'reminder'; medication: Medication }
  | null;

const SOURCE_LABELS = {
  patient: null,
  intake: MESSAGES.medsSourceIntake,
  doctor: MESSAGES.medsSourceDoctor,
  import: MESSAGES.medsSourceImport,
} as const;

/** Says how a change went; the dialog stays open (and shows the error) when it throws. */
async function announce(change: Promise<unknown>, done: string) {
  await change;
  notify.success(done);
}

/**
 * "My medicines": the list the patient keeps (and their doctor sees), the intake's suggestions to
 * confirm, the past medicines, and each medicine's reminder.
 */
export function MedicationsTab({ uid }: { uid: string }) {
  const headingId = useId();
  const list = useMedications(uid);
  const actions = useMedicationActions(uid);
  const [open, setOpen] = useState<Open>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const close = () => setOpen(null);

  async function quick(id: string, change: () => Promise<unknown>, done: string) {
    setBusyId(id);
    try {
      await announce(change(), done);
    } catch (e) {
      notify.error(formatMessage('medsFailed', { message: errorMessage(e) }));
    } finally {
      setBusyId(null);
    }
  }

  async function remove(m: Medication) {
    const ok = await confirmDialog({
      title: formatMessage('medsDeleteTitle', { name: m.name }),
      message: formatMessage('medsDeleteConfirm', { name: m.name }),
      confirmLabel: MESSAGES.medsDelete,
      danger: true,
    });
    if (ok)
      await quick(
        m.id,
        () => actions.remove.mutateAsync(m.id),
        formatMessage('medsDeleted', { name: m.name }),
      );
  }

  const data = list.data;
  const current = data?.current ?? [];
  const proposals = data?.proposals ?? [];

  return (
    <section aria-labelledby={headingId} className={css.tab}>
      <div className={css.head}>
        <div>
          <h2 id={headingId}>{MESSAGES.medsHeading}</h2>
          <p className="md-muted">{MESSAGES.medsIntro}</p>
        </div>
        <button type="button" className="md-button md-primary" onClick={() => setOpen({ kind: 'add' })}>
          {MESSAGES.medsAdd}
        </button>
      </div>
      <QueryState
        loading={list.isPending}
        loadingText={MESSAGES.medsLoading}
        error={list.isError && !data ? errorMessage(list.error) : null}
        onRetry={() => void list.refetch()}
      >
        {data && (
          <>
            {proposals.length > 0 && (
              <Proposals
                proposals={proposals}
                busyKey={busyId}
                onConfirm={(proposal) => setOpen({ kind: 'proposal', proposal })}
                onDismiss={(p) =>
                  void quick(p.key, () => actions.dismiss.mutateAsync(p.key), MESSAGES.medsProposalDismissed)
                }
              />
            )}
            {current.length === 0 ? (
              <div className={common.empty}>
                <p>{MESSAGES.medsEmpty}</p>
              </div>
            ) : (
              <ul className={css.list} aria-label={MESSAGES.medsCurrentLabel}>
                {current.map((m) => (
                  <MedicationCard
                    key={m.id}
                    medication={m}
                    busy={busyId === m.id}
                    onConfirm={() =>
                      void quick(
                        m.id,
                        () => actions.confirm.mutateAsync(m.id),
                        formatMessage('medsConfirmed', { name: m.name }),
                      )
                    }
                    onEdit={() => setOpen({ kind: 'edit', medication: m })}
                    onStatus={(status) => setOpen({ kind: 'status', medication: m, status })}
                    onReminder={() => setOpen({ kind: 'reminder', medication: m })}
                    onDelete={() => void remove(m)}
                  />
                ))}
              </ul>
            )}
            {(data.lastConfirmedAt || data.lastReview) && (
              <p className={`md-muted ${css.footnote}`} data-testid="medications-checked">
                {data.lastConfirmedAt &&
                  formatMessage('medsLastConfirmed', {
                    date: formatDateTime(data.lastConfirmedAt, null, { show: 'date' }),
                  })}
                {data.lastConfirmedAt && data.lastReview ? ' ' : ''}
                {data.lastReview &&
                  formatMessage('medsLastReview', {
                    doctor: data.lastReview.doctorName,
                    date: formatDateTime(data.lastReview.reviewedAt, null, { show: 'date' }),
                  })}
              </p>
            )}
          </>
        )}
      </QueryState>
      <MedicationHistory
        uid={uid}
        onRestart={(medication) => setOpen({ kind: 'status', medication, status: 'taking' })}
      />
      {open?.kind === 'add' && (
        <MedicationFormDialog
          title={MESSAGES.medsFormAddTitle}
          initial={EMPTY_FORM}
          onClose={close}
          onSave={async (input) => {
            await announce(actions.add.mutateAsync(input), formatMessage('medsAdded', { name: input.name }));
            close();
          }}
        />
      )}
      {open?.kind === 'proposal' && (
        <MedicationFormDialog
          title={
            open.proposal.kind === 'class'
              ? formatMessage('medsProposalClass', { text: open.proposal.sourceText })
              : formatMessage('medsFormConfirmTitle', {
                  name: open.proposal.name ?? open.proposal.sourceText,
                })
          }
          initial={formFromProposal(open.proposal)}
          intro={
            open.proposal.kind === 'drug' ? (
              <p className="md-muted">
                {formatMessage('medsProposalWrote', { text: open.proposal.sourceText })}
              </p>
            ) : undefined
          }
          onClose={close}
          onSave={async (input) => {
            const proposalKey = open.proposal.key;
            await announce(
              actions.add.mutateAsync({ ...input, proposalKey }),
              formatMessage('medsAdded', { name: input.name }),
            );
            close();
          }}
        />
      )}
      {open?.kind === 'edit' && (
        <MedicationFormDialog
          title={formatMessage('medsFormEditTitle', { name: open.medication.name })}
          initial={formFromMedication(open.medication)}
          onClose={close}
          onSave={async (input) => {
            const { id, version } = open.medication;
            await announce(
              actions.update.mutateAsync({ id, input: { ...input, version } }),
              MESSAGES.medsSaved,
            );
            close();
          }}
        />
      )}
      {open?.kind === 'status' && (
        <StatusDialog
          medication={open.medication}
          status={open.status}
          onClose={close}
          onSave={async ({ status, on, reason }) => {
            const { id, version, name } = open.medication;
            await announce(
              actions.setStatus.mutateAsync({ id, input: { status, on, reason, version } }),
              formatMessage(STATUS_DONE[status], { name }),
            );
            close();
          }}
        />
      )}
      {open?.kind === 'reminder' && (
        <ReminderDialog
          medication={open.medication}
          onClose={close}
          onSave={async (reminder) => {
            const { id, version } = open.medication;
            await announce(
              actions.setReminder.mutateAsync({ id, input: { reminder, version } }),
              MESSAGES.medsReminderSaved,
            );
            close();
          }}
        />
      )}
    </section>
  );
}

/** What a status change says when it worked. */
const STATUS_DONE = {
  stopped: 'medsStoppedDone',
  paused: 'medsPausedDone',
  taking: 'medsRestartedDone',
} as const;

/** The intake's suggestions: a named drug to confirm as it is, or a kind of medicine to name. */
function Proposals({
  proposals,
  busyKey,
  onConfirm,
  onDismiss,
}: {
  proposals: MedicationProposal[];
  busyKey: string | null;
  onConfirm: (p: MedicationProposal) => void;
  onDismiss: (p: MedicationProposal) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={css.proposals} data-testid="medication-proposals">
      <h3 id={headingId}>{MESSAGES.medsProposalsHeading}</h3>
      <p className="md-muted">{MESSAGES.medsProposalsIntro}</p>
      <ul className={css.list}>
        {proposals.map((p) => {
          const title =
            p.kind === 'class'
              ? formatMessage('medsProposalClass', { text: p.sourceText })
              : [p.name ?? p.sourceText, p.strength].filter(Boolean).join(' ');
          return (
            <li key={p.key} className={css.card} data-testid="medication-proposal">
              <strong className={css.name}>{title}</strong>
              {p.kind === 'drug' && (
                <span className="md-muted">{formatMessage('medsProposalWrote', { text: p.sourceText })}</span>
              )}
              <div className={css.actions}>
                <ActionButton
                  onClick={() => onConfirm(p)}
                  ariaLabel={formatMessage('medsActionFor', {
                    action: p.kind === 'class' ? MESSAGES.medsProposalChoose : MESSAGES.medsConfirm,
                    name: title,
                  })}
                >
                  {p.kind === 'class' ? MESSAGES.medsProposalChoose : MESSAGES.medsConfirm}
                </ActionButton>
                <ActionButton
                  onClick={() => onDismiss(p)}
                  disabled={busyKey === p.key}
                  ariaLabel={formatMessage('medsActionFor', {
                    action: MESSAGES.medsProposalDismiss,
                    name: title,
                  })}
                >
                  {MESSAGES.medsProposalDismiss}
                </ActionButton>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface MedicationCardProps {
  medication: Medication;
  busy: boolean;
  onConfirm: () => void;
  onEdit: () => void;
  onStatus: (status: MedicationStatus) => void;
  onReminder: () => void;
  onDelete: () => void;
}

/** One current medicine: what, how, since when, why, who prescribed it, its reminder and actions. */
function MedicationCard({
  medication: m,
  busy,
  onConfirm,
  onEdit,
  onStatus,
  onReminder,
  onDelete,
}: MedicationCardProps) {
  const waiting = medicationAwaitsConfirmation(m);
  const source = SOURCE_LABELS[m.source];
  const rows: [string, string][] = [
    [MESSAGES.medsDose, medicationDoseLine(m)],
    [MESSAGES.medsStarted, medicationStarted(m)],
    [MESSAGES.medsReason, m.reason ?? ''],
    [MESSAGES.medsPrescriber, m.prescriber ?? ''],
    [MESSAGES.medsStatusLine, medicationStatusText(m)],
    [MESSAGES.medsReminder, medicationReminderText(m.reminder)],
    [MESSAGES.medsNotes, m.notes ?? ''],
  ];
  const action = (label: string) => formatMessage('medsActionFor', { action: label, name: m.name });
  return (
    <li className={css.card} data-testid="medication-card" data-status={m.status}>
      <div className={css.cardHead}>
        <div>
          <strong className={css.name}>{m.name}</strong>
          {medicationStrengthForm(m) && <span className={css.strength}> {medicationStrengthForm(m)}</span>}
        </div>
        <div className={css.badges}>
          {waiting && (
            <span className={css.badge} data-kind="waiting">
              {MESSAGES.medsWaiting}
            </span>
          )}
          {m.status === 'paused' && <span className={css.badge}>{MESSAGES.medsPausedBadge}</span>}
        </div>
      </div>
      {source && <span className="md-muted">{source}</span>}
      <dl className={css.facts}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <div className={css.actions}>
        {waiting && (
          <button
            type="button"
            className="md-button md-primary"
            disabled={busy}
            onClick={onConfirm}
            aria-label={action(MESSAGES.medsConfirm)}
          >
            {MESSAGES.medsConfirm}
          </button>
        )}
        <ActionButton onClick={onEdit} ariaLabel={action(MESSAGES.medsEdit)}>
          {MESSAGES.medsEdit}
        </ActionButton>
        <ActionButton onClick={onReminder} ariaLabel={action(MESSAGES.medsReminder)}>
          {MESSAGES.medsReminder}
        </ActionButton>
        {m.status === 'paused' ? (
          <ActionButton onClick={() => onStatus('taking')} ariaLabel={action(MESSAGES.medsRestart)}>
            {MESSAGES.medsRestart}
          </ActionButton>
        ) : (
          <ActionButton onClick={() => onStatus('paused')} ariaLabel={action(MESSAGES.medsPause)}>
            {MESSAGES.medsPause}
          </ActionButton>
        )}
        <ActionButton onClick={() => onStatus('stopped')} ariaLabel={action(MESSAGES.medsStop)}>
          {MESSAGES.medsStop}
        </ActionButton>
        <ActionButton onClick={onDelete} disabled={busy} danger ariaLabel={action(MESSAGES.medsDelete)}>
          {MESSAGES.medsDelete}
        </ActionButton>
      </div>
    </li>
  );
}
