import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import {
  ApiError,
  MESSAGES,
  api,
  authStore,
  changeRequestFieldName,
  errorMessage,
  formatDateTime,
  formatMessage,
  notify,
  type DoctorChangeRequest,
} from '@medora/shared';
import { LIST_PAGING, adminChangeRequestKeys, adminKeys, doctorKeys } from '@medora/shared/query';
import { ConfirmDecisionDialog, ReasonDialog } from '@medora/shared/ui';
import { ui } from '../../../components/ui';
import { changeValueText } from '../../../model/change-request-text';
import css from './change-requests-panel.module.css';

/**
 * The admin desk's open change requests, a page at a time (one query for the tab's count and the
 * panel); `items`: the pages loaded so far, oldest first.
 */
export function useChangeRequests() {
  const query = useInfiniteQuery({
    queryKey: adminChangeRequestKeys.list(),
    queryFn: ({ pageParam }) => api.adminChangeRequests(pageParam),
    ...LIST_PAGING,
  });
  return { query, items: query.data?.pages.flatMap((page) => page.items) };
}

type ChangeDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approved doctors' requests to change their licence number or specialty, each as a diff (field,
 * current value, requested value) with Approve (confirmed) and Reject (with a reason). A 409 (the doctor
 * edited it since, or it was decided) is kept on the card and the list reloads.
 */
export function ChangeRequestsPanel() {
  const queryClient = useQueryClient();
  const { query: list, items } = useChangeRequests();
  const ownUid = useStore(authStore, (s) => s.user?.uid ?? null);
  const [approving, setApproving] = useState<DoctorChangeRequest | null>(null);
  const [rejecting, setRejecting] = useState<DoctorChangeRequest | null>(null);
  const [conflicts, setConflicts] = useState<Record<string, string>>({});
  const decision = useMutation({
    mutationFn: ({ request, decision: d }: { request: DoctorChangeRequest; decision: ChangeDecision }) =>
      d.approve
        ? api.approveChangeRequest(request.id, request.version)
        : api.rejectChangeRequest(request.id, request.version, d.reason),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: doctorKeys.all }),
      ]),
  });

  const decide = async (request: DoctorChangeRequest, d: ChangeDecision): Promise<void> => {
    try {
      await decision.mutateAsync({ request, decision: d });
      setConflicts(({ [request.id]: _, ...rest }) => rest);
      const key = d.approve ? 'adminChangeApproved' : 'adminChangeRejected';
      notify.success(formatMessage(key, { name: request.doctorName }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setConflicts((c) => ({ ...c, [request.id]: err.message }));
        return;
      }
      throw err;
    }
  };

  return (
    <section aria-labelledby="md-change-requests-title">
      <h3 id="md-change-requests-title">{MESSAGES.adminChangeRequestsTitle}</h3>
      <p className={ui.muted}>{MESSAGES.adminChangeRequestsIntro}</p>
      {list.isError && (
        <p role="alert" className={ui.error}>
          {errorMessage(list.error)}
        </p>
      )}
      {list.isPending && <p role="status">{MESSAGES.loading}</p>}
      {items?.length === 0 && <p>{MESSAGES.adminChangeRequestsEmpty}</p>}
      <div className={ui.list}>
        {items?.map((request) => (
          <article
            key={request.id}
            aria-label={formatMessage('adminChangeRequestLabel', { name: request.doctorName })}
            className={ui.card}
          >
            <h4 className={css.name}>{request.doctorName}</h4>
            <p className={ui.muted}>
              {formatMessage('adminChangeRequestMeta', {
                date: formatDateTime(request.updatedAt, null),
                version: request.version,
              })}
            </p>
            {conflicts[request.id] && (
              <p role="alert" className={ui.error}>
                {conflicts[request.id]}
              </p>
            )}
            <div className={css.scroll}>
              <table className={css.diff}>
                <caption className={css.caption}>
                  {formatMessage('adminChangeDiffCaption', { name: request.doctorName })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{MESSAGES.adminChangeField}</th>
                    <th scope="col">{MESSAGES.adminChangeCurrent}</th>
                    <th scope="col">{MESSAGES.adminChangeRequested}</th>
                  </tr>
                </thead>
                <tbody>
                  {request.changes.map((c) => (
                    <tr key={c.field}>
                      <th scope="row">{changeRequestFieldName(c.field)}</th>
                      <td>
                        <del className={css.old}>{changeValueText(c.from)}</del>
                      </td>
                      <td>
                        <ins className={css.new}>{changeValueText(c.to)}</ins>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {request.uid !== null && request.uid === ownUid ? (
              <p className={ui.muted}>{MESSAGES.adminOwnApplication}</p>
            ) : (
              <div className={css.actions}>
                <button type="button" className={ui.primary} onClick={() => setApproving(request)}>
                  {formatMessage('adminChangeApprove', { name: request.doctorName })}
                </button>
                <button type="button" className={ui.danger} onClick={() => setRejecting(request)}>
                  {formatMessage('adminChangeReject', { name: request.doctorName })}
                </button>
              </div>
            )}
          </article>
        ))}
      </div>
      {list.hasNextPage && (
        <button
          type="button"
          className={ui.secondary}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? MESSAGES.loading : MESSAGES.listShowMore}
        </button>
      )}
      {approving && (
        <ConfirmDecisionDialog
          title={formatMessage('adminChangeApproveTitle', { name: approving.doctorName })}
          message={formatMessage('adminChangeApproveMessage', { name: approving.doctorName })}
          confirmLabel={MESSAGES.adminApproveConfirm}
          busyLabel={MESSAGES.adminApproving}
          onCancel={() => setApproving(null)}
          onConfirm={async () => {
            await decide(approving, { approve: true });
            setApproving(null);
          }}
        />
      )}
      {rejecting && (
        <ReasonDialog
          purpose="reject"
          title={formatMessage('adminChangeRejectTitle', { name: rejecting.doctorName })}
          onCancel={() => setRejecting(null)}
          onConfirm={async (reason) => {
            // On a 409 the dialog closes too: its message is on the card, above the current version.
            await decide(rejecting, { approve: false, reason });
            setRejecting(null);
          }}
        />
      )}
    </section>
  );
}
