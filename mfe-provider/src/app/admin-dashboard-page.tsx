import { Fragment, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import {
  APPLICATIONS_PAGE_SIZE,
  APPLICATION_QUEUES,
  APPLICATION_SEARCH_MAX_LENGTH,
  ApiError,
  SUSPENSION_REASON_MAX_LENGTH,
  MESSAGES,
  api,
  authStore,
  errorMessage,
  formatDateTime,
  formatMessage,
  hasWeeklyHours,
  notify,
  type ApplicationQueue,
  type ApplicationSort,
  type CredentialRecord,
  type CredentialType,
  type DoctorApplication,
  type MessageKey,
  type RemotePageProps,
} from '@medora/shared';
import { adminKeys, credentialFileKeys } from '@medora/shared/query';
import { FilePreviewDialog } from '../components/file-preview-dialog';
import { ReasonDialog } from '../components/reason-dialog';
import { DashboardHead, ui } from '../components/ui';
import { useDecision, type Decision } from '../features/admin/api/use-decision';
import { AuditLog } from '../features/admin/components/audit-log';
import { ConfirmDecisionDialog } from '../features/admin/components/confirm-decision-dialog';
import { ApplicationDocuments } from '../features/admin/components/application-documents';
import { CREDENTIAL_LABELS } from '../features/admin/components/credential-list';
import { FailedMailSection } from '../features/admin/components/failed-mail';
import { FollowUps } from '../features/admin/components/follow-ups';
import { PatientLookup } from '../features/admin/components/patient-lookup';
import { QUEUE_PANEL_ID, QueueTabs, queueTabId } from '../features/admin/components/queue-tabs';
import { ChangeRequestsPanel, useChangeRequests } from '../features/change-requests/change-requests-panel';
import { useFocusKeeper } from '../hooks/use-focus-keeper';
import { useDownloadFile } from '../hooks/use-open-file';
import css from './admin-dashboard-page.module.css';

const QUEUES: Record<ApplicationQueue, { label: string; empty: string }> = {
  pending: { label: MESSAGES.adminQueuePending, empty: MESSAGES.adminQueueEmptyPending },
  approved: { label: MESSAGES.adminQueueApproved, empty: MESSAGES.adminQueueEmptyApproved },
  rejected: { label: MESSAGES.adminQueueRejected, empty: MESSAGES.adminQueueEmptyRejected },
  suspended: { label: MESSAGES.adminQueueSuspended, empty: MESSAGES.adminQueueEmptySuspended },
};

/** The decisions asked for in the confirmation dialog (a rejection has its own reason dialog). */
type Confirmable = Exclude<Decision['kind'], 'reject'>;
const CONFIRMS: Record<
  Confirmable,
  { title: MessageKey; message: MessageKey; confirm: string; busy: string; reason?: boolean }
> = {
  approve: {
    title: 'adminApproveTitle',
    message: 'adminApproveMessage',
    confirm: MESSAGES.adminApproveConfirm,
    busy: MESSAGES.adminApproving,
  },
  reopen: {
    title: 'adminReopenTitle',
    message: 'adminReopenMessage',
    confirm: MESSAGES.adminReopenConfirm,
    busy: MESSAGES.adminReopening,
  },
  suspend: {
    title: 'adminSuspendTitle',
    message: 'adminSuspendMessage',
    confirm: MESSAGES.adminSuspendConfirm,
    busy: MESSAGES.adminSuspending,
    reason: true,
  },
  reinstate: {
    title: 'adminReinstateTitle',
    message: 'adminReinstateMessage',
    confirm: MESSAGES.adminReinstateConfirm,
    busy: MESSAGES.adminReinstating,
  },
};
/** The desk's last tab: approved doctors' profile change requests. */
const CHANGES_TAB = 'changes';
type DeskTab = ApplicationQueue | typeof CHANGES_TAB;

const QUEUE_LABELS = Object.fromEntries(APPLICATION_QUEUES.map((q) => [q, QUEUES[q].label])) as Record<
  ApplicationQueue,
  string
>;
const SORTS: Record<ApplicationSort, string> = {
  oldest: MESSAGES.adminSortOldest,
  newest: MESSAGES.adminSortNewest,
};
const APPLICANT_ROLES = { doctor: MESSAGES.adminApplicantDoctor, provider: MESSAGES.adminApplicantProvider };

/** The admin's counters, by their field in the overview. */
const COUNTERS = {
  pendingApplications: MESSAGES.adminStatPending,
  approvedDoctors: MESSAGES.adminStatApproved,
  patients: MESSAGES.adminStatPatients,
  appointmentsThisWeek: MESSAGES.adminStatWeek,
};

/** The toast of a decision that went through. */
function doneMessage(decision: Decision): string {
  const name = decision.app.name;
  const key = {
    approve: hasWeeklyHours(decision.app.schedule) ? 'adminApproved' : 'adminApprovedNoHours',
    reject: 'adminRejected',
    reopen: 'adminReopened',
    suspend: 'adminSuspended',
    reinstate: 'adminReinstated',
  } as const satisfies Record<Decision['kind'], MessageKey>;
  return formatMessage(key[decision.kind], { name });
}

/** The application's facts as label / value pairs, in the order the admin reviews them. */
function facts(app: DoctorApplication): [string, string][] {
  const address = [
    app.clinicAddress?.street,
    app.clinicAddress?.city,
    app.clinicAddress?.state,
    app.clinicAddress?.zipCode,
  ].filter(Boolean);
  const consultation = formatMessage('adminConsultation', {
    fee: app.consultationFee,
    minutes: app.consultationDuration,
    languages: app.languages.join(', '),
  });
  const rows: [string, string][] = [
    ...(app.applicantRole
      ? [[MESSAGES.adminFactAppliesAs, APPLICANT_ROLES[app.applicantRole]] as [string, string]]
      : []),
    [
      MESSAGES.adminFactSpecialty,
      app.specialty + (app.subSpecialties.length ? ` (${app.subSpecialties.join(', ')})` : ''),
    ],
    [
      MESSAGES.adminFactQualification,
      formatMessage('adminQualification', {
        qualification: app.qualification ?? '',
        years: app.experience ?? '',
      }),
    ],
    [MESSAGES.adminFactLicense, (app.licenseNumber ?? '') + (app.npiNumber ? ` / ${app.npiNumber}` : '')],
    [MESSAGES.adminFactClinic, `${app.clinic}, ${address.join(', ')}`],
    [
      MESSAGES.adminFactConsultation,
      consultation + (app.acceptingNewPatients ? ` · ${MESSAGES.adminAcceptingNewPatients}` : ''),
    ],
  ];
  if (app.suspension) {
    rows.push([
      MESSAGES.adminFactSuspended,
      formatMessage('adminSuspensionValue', {
        date: formatDateTime(app.suspension.at, null),
        reason: app.suspension.reason,
      }),
    ]);
  }
  return app.bio ? [...rows, [MESSAGES.adminFactBio, app.bio]] : rows;
}

/** `/admin`: real counters and the doctor verification queue (the API allows admins only). */
export default function AdminDashboardPage(_props: RemotePageProps) {
  const [rejecting, setRejecting] = useState<DoctorApplication | null>(null);
  /**
   * After a decision its card leaves the tab and the button that had the focus with it: the focus goes
   * to the card that takes its place, or to the queue's heading when none does (not to the page body).
   */
  const [refocus, setRefocus] = useState<{ id: string; index: number } | null>(null);
  const queueHeadingRef = useRef<HTMLHeadingElement>(null);
  const cardsRef = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  useFocusKeeper(mainRef);
  /** A queue of applications, or the approved doctors' change requests. */
  const [tab, setTab] = useState<DeskTab>('pending');
  const status: ApplicationQueue = tab === CHANGES_TAB ? 'pending' : tab;
  /**
   * The search as typed, the one sent (on Search), the order; the keyset
   * cursors of the pages walked so far (the first page has none), so 'Previous page' goes back.
   */
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<ApplicationSort>('oldest');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? null;
  const page = cursors.length + 1;
  const firstPage = () => setCursors([]);
  /** The 409 of a decision, shown on the application it was about. */
  const [conflicts, setConflicts] = useState<Record<string, { name: string; message: string }>>({});

  const overviewQuery = useQuery({
    queryKey: adminKeys.overview(),
    queryFn: () => api.adminDashboardOverview(),
  });
  const queueQuery = useQuery({
    queryKey: adminKeys.applications({ status, q, sort, cursor }),
    queryFn: () => api.adminApplications({ status, q, sort, cursor, limit: APPLICATIONS_PAGE_SIZE }),
    // While another queue loads, the one shown stays (as before the migration).
    placeholderData: keepPreviousData,
    enabled: tab !== CHANGES_TAB,
  });
  const changeRequests = useChangeRequests();
  /** Doctors with a change waiting for review: their card says so. */
  const changing = new Set((changeRequests.items ?? []).map((r) => r.doctorId));
  const tabLabels: Record<DeskTab, string> = {
    ...QUEUE_LABELS,
    [CHANGES_TAB]: changeRequests.items?.length
      ? formatMessage('adminChangeRequestsTabCount', { count: changeRequests.items.length })
      : MESSAGES.adminChangeRequestsTab,
  };
  const queue = queueQuery.data?.items ?? null;
  const total = queueQuery.data?.total ?? 0;
  const nextCursor = queueQuery.data?.nextCursor ?? null;
  const pages = Math.max(1, Math.ceil(total / APPLICATIONS_PAGE_SIZE));
  const failed = overviewQuery.error ?? queueQuery.error;
  const error = failed ? errorMessage(failed) : null;

  const decision = useDecision();
  /** 'View' previews a credential in the page; 'Download' saves it. */
  const [viewing, setViewing] = useState<{ credential: CredentialRecord; owner: string } | null>(null);
  const credentialDownload = useDownloadFile(
    (c: CredentialRecord) => api.credentialFile(c.id),
    (c) => c.documentName,
  );
  /** The signed-in admin's own application shows no decision buttons. */
  const ownUid = useStore(authStore, (s) => s.user?.uid ?? null);
  /** The approval or re-opening waiting for the admin's confirmation. */
  const [confirming, setConfirming] = useState<{ kind: Confirmable; app: DoctorApplication } | null>(null);
  /** Applications with a decision on its way: one request each, however often a button is pressed. */
  const inFlight = useRef(new Set<string>());
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const setBusy = (id: string, busy: boolean) => {
    if (busy) inFlight.current.add(id);
    else inFlight.current.delete(id);
    setBusyIds(new Set(inFlight.current));
  };

  /**
   * Runs a decision on the version shown, once. A 409 (changed since, or already decided) is kept on
   * the card and the queue reloads, so the admin reviews the current version before deciding again;
   * any other failure is thrown to the dialog that asked, which shows it.
   */
  const decide = async (d: Decision): Promise<void> => {
    const id = d.app.id;
    if (inFlight.current.has(id)) return;
    setBusy(id, true);
    try {
      await decision.mutateAsync(d);
      setRefocus({ id, index: Math.max(0, queue?.findIndex((app) => app.id === id) ?? 0) });
      setConflicts(({ [id]: _, ...rest }) => rest);
      notify.success(doneMessage(d));
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setConflicts((c) => ({ ...c, [id]: { name: d.app.name, message: err.message } }));
        return;
      }
      throw err;
    } finally {
      setBusy(id, false);
    }
  };

  useEffect(() => {
    if (!refocus || confirming || rejecting || queueQuery.isFetching || !queue) return;
    if (queue.some((app) => app.id === refocus.id)) return;
    const cards = cardsRef.current?.querySelectorAll<HTMLElement>(':scope > article') ?? [];
    (cards[Math.min(refocus.index, cards.length - 1)] ?? queueHeadingRef.current)?.focus();
    setRefocus(null);
  }, [refocus, confirming, rejecting, queueQuery.isFetching, queue]);

  /** A pending application is approved or rejected (with a reason); a decided one can be re-opened. */
  const ask = (kind: Confirmable, app: DoctorApplication) => () => setConfirming({ kind, app });
  const button = (key: MessageKey, className: string, app: DoctorApplication, run: () => void) => ({
    label: formatMessage(key, { name: app.name }),
    className,
    run,
  });
  /**
   * Per queue: a pending application is approved or rejected (with a reason); a decided one can be
   * re-opened; an approved doctor suspended (with a reason), a suspended one reinstated.
   */
  const actions = (app: DoctorApplication) => {
    if (app.suspension) return [button('adminReinstate', ui.primary, app, ask('reinstate', app))];
    if (app.verificationStatus === 'pending') {
      return [
        button('adminApprove', ui.primary, app, ask('approve', app)),
        button('adminReject', ui.danger, app, () => setRejecting(app)),
      ];
    }
    const reopen = button('adminReopen', ui.secondary, app, ask('reopen', app));
    return app.verificationStatus === 'approved'
      ? [reopen, button('adminSuspend', ui.danger, app, ask('suspend', app))]
      : [reopen];
  };

  return (
    <main className={ui.page} ref={mainRef}>
      <DashboardHead
        title={MESSAGES.adminDashboardTitle}
        error={error}
        labels={COUNTERS}
        counters={overviewQuery.data ?? null}
      />
      <h2 ref={queueHeadingRef} tabIndex={-1}>
        {MESSAGES.adminQueueTitle}
      </h2>
      <QueueTabs
        labels={tabLabels}
        selected={tab}
        label={MESSAGES.adminQueueTabsLabel}
        onSelect={(next) => {
          setTab(next);
          firstPage();
        }}
      />
      {tab === CHANGES_TAB ? (
        <div role="tabpanel" id={QUEUE_PANEL_ID} aria-labelledby={queueTabId(tab)}>
          <ChangeRequestsPanel />
        </div>
      ) : (
        <>
          <form
            role="search"
            className={css.filters}
            onSubmit={(e) => {
              e.preventDefault();
              setQ(typed.trim());
              firstPage();
            }}
          >
            <label className={`${ui.label} ${css.search}`}>
              {MESSAGES.adminSearchLabel}
              <input
                type="search"
                value={typed}
                maxLength={APPLICATION_SEARCH_MAX_LENGTH}
                onChange={(e) => setTyped(e.target.value)}
                className={ui.input}
              />
            </label>
            <button type="submit" className={ui.secondary}>
              {MESSAGES.adminSearchButton}
            </button>
            <label className={ui.label}>
              {MESSAGES.adminSortLabel}
              <select
                value={sort}
                onChange={(e) => {
                  setSort(e.target.value as ApplicationSort);
                  firstPage();
                }}
                className={ui.input}
              >
                {(Object.keys(SORTS) as ApplicationSort[]).map((key) => (
                  <option key={key} value={key}>
                    {SORTS[key]}
                  </option>
                ))}
              </select>
            </label>
          </form>
          <div role="tabpanel" id={QUEUE_PANEL_ID} aria-labelledby={queueTabId(status)}>
            {queue === null && !error && <p role="status">{MESSAGES.loading}</p>}
            {queue?.length === 0 && (
              <p>{q ? formatMessage('adminQueueEmptySearch', { q }) : QUEUES[status].empty}</p>
            )}
            {/* A refused decision on an application that has left this list since stays said. */}
            {queue &&
              Object.entries(conflicts)
                .filter(([id]) => !queue.some((app) => app.id === id))
                .map(([id, { name, message }]) => (
                  <p key={id} role="alert" className={ui.error}>
                    {formatMessage('adminDecisionConflictGone', { name, message })}
                  </p>
                ))}
            <div className={ui.list} ref={cardsRef}>
              {queue?.map((app) => (
                <article
                  key={app.id}
                  tabIndex={-1}
                  aria-label={formatMessage('adminApplicationLabel', { name: app.name })}
                  className={ui.card}
                >
                  <h3 className={css.name}>{app.name}</h3>
                  <p className={ui.muted}>
                    {formatMessage('adminApplicationMeta', {
                      email: app.email ?? '',
                      phone: app.phone ?? '',
                      date: formatDateTime(app.createdAt, null, { show: 'date' }),
                      version: app.version,
                    })}
                  </p>
                  {conflicts[app.id] && (
                    <p role="alert" className={ui.error}>
                      {conflicts[app.id].message}
                    </p>
                  )}
                  {changing.has(app.id) && (
                    <p className={css.badge}>
                      <button
                        type="button"
                        className={`md-link-button ${css.badgeLink}`}
                        onClick={() => setTab(CHANGES_TAB)}
                      >
                        {MESSAGES.adminChangePendingBadge}
                      </button>
                    </p>
                  )}
                  <dl className={css.facts}>
                    {facts(app).map(([label, value]) => (
                      <Fragment key={label}>
                        <dt>{label}</dt>
                        <dd>{value}</dd>
                      </Fragment>
                    ))}
                  </dl>
                  {app.rejections.length > 0 && (
                    <section aria-label={formatMessage('adminHistoryLabel', { name: app.name })}>
                      <h4 className={css.historyTitle}>{MESSAGES.adminHistoryTitle}</h4>
                      <ol className={css.history}>
                        {app.rejections.map((r) => (
                          <li key={r.at}>
                            {formatMessage('adminHistoryRejected', {
                              date: formatDateTime(r.at, null),
                              reason: r.reason,
                            })}
                          </li>
                        ))}
                      </ol>
                    </section>
                  )}
                  {app.suspension && <FollowUps doctorId={app.id} name={app.name} />}
                  <ApplicationDocuments
                    app={app}
                    onView={(credential) => setViewing({ credential, owner: app.name })}
                    onDownload={(c) => credentialDownload.mutate(c)}
                    downloading={credentialDownload.isPending ? credentialDownload.variables.id : null}
                  />
                  {app.uid !== null && app.uid === ownUid ? (
                    <p className={ui.muted}>{MESSAGES.adminOwnApplication}</p>
                  ) : (
                    <div className={css.actions} aria-busy={busyIds.has(app.id) || undefined}>
                      {actions(app).map(({ label, className, run }) => (
                        <button
                          key={label}
                          type="button"
                          className={className}
                          onClick={run}
                          disabled={busyIds.has(app.id)}
                        >
                          {label}
                        </button>
                      ))}
                      {busyIds.has(app.id) && (
                        <p role="status" className={ui.muted}>
                          {formatMessage('adminDeciding', { name: app.name })}
                        </p>
                      )}
                    </div>
                  )}
                </article>
              ))}
            </div>
            {queue && total > 0 && (
              <nav aria-label={MESSAGES.adminPagesLabel} className={css.pager}>
                <button
                  type="button"
                  className={ui.secondary}
                  disabled={cursors.length === 0}
                  onClick={() => setCursors((c) => c.slice(0, -1))}
                >
                  {MESSAGES.adminPagePrevious}
                </button>
                <p role="status">{formatMessage('adminPageStatus', { page, pages, total })}</p>
                <button
                  type="button"
                  className={ui.secondary}
                  disabled={nextCursor === null || queueQuery.isPlaceholderData}
                  onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}
                >
                  {MESSAGES.adminPageNext}
                </button>
              </nav>
            )}
          </div>
        </>
      )}
      <PatientLookup />
      <FailedMailSection />
      <AuditLog />
      {viewing && (
        <FilePreviewDialog
          title={formatMessage('adminCredentialPreviewTitle', {
            document: CREDENTIAL_LABELS[viewing.credential.type as CredentialType] ?? viewing.credential.type,
            owner: viewing.owner,
          })}
          queryKey={credentialFileKeys.credential(viewing.credential.id)}
          load={() => api.credentialFile(viewing.credential.id)}
          fallbackName={viewing.credential.documentName}
          onClose={() => setViewing(null)}
        />
      )}
      {rejecting && (
        <ReasonDialog
          purpose="reject"
          title={formatMessage('rejectDialogTitle', { name: rejecting.name })}
          onCancel={() => setRejecting(null)}
          onConfirm={async (reason) => {
            // On a 409 the dialog closes too: its message is on the card, above the current version.
            await decide({ kind: 'reject', app: rejecting, reason });
            setRejecting(null);
          }}
        />
      )}
      {confirming && (
        <ConfirmDecisionDialog
          title={formatMessage(CONFIRMS[confirming.kind].title, { name: confirming.app.name })}
          message={formatMessage(
            confirming.kind === 'approve' && !hasWeeklyHours(confirming.app.schedule)
              ? 'adminApproveMessageNoHours'
              : CONFIRMS[confirming.kind].message,
            { name: confirming.app.name },
          )}
          confirmLabel={CONFIRMS[confirming.kind].confirm}
          busyLabel={CONFIRMS[confirming.kind].busy}
          reason={
            CONFIRMS[confirming.kind].reason
              ? {
                  label: MESSAGES.adminSuspendReasonLabel,
                  required: MESSAGES.suspensionReasonRequired,
                  maxLength: SUSPENSION_REASON_MAX_LENGTH,
                }
              : undefined
          }
          onCancel={() => setConfirming(null)}
          onConfirm={async (reason) => {
            const { kind, app } = confirming;
            await decide(kind === 'suspend' ? { kind, app, reason } : { kind, app });
            setConfirming(null);
          }}
        />
      )}
    </main>
  );
}
