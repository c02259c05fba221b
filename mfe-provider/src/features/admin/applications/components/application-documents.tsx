import { useId, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MESSAGES, api, errorMessage, formatMessage, type CredentialRecord } from '@medora/shared';
import { LIST_PAGING, adminApplicationKeys } from '@medora/shared/query';
import { ui } from '../../../../components/ui';
import { CredentialList } from './credential-list';

/**
 * An application's documents, loaded when the admin opens them (the queue's page carries
 * only how many there are), then listed as `CredentialList` shows them.
 */
export function ApplicationDocuments({
  app,
  onView,
  onDownload,
  downloading,
}: {
  app: { id: string; name: string; credentialCount: number };
  onView: (credential: CredentialRecord) => void;
  onDownload: (credential: CredentialRecord) => void;
  downloading?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const query = useInfiniteQuery({
    queryKey: adminApplicationKeys.credentials(app.id),
    queryFn: ({ pageParam }) => api.adminApplicationCredentials(app.id, pageParam),
    ...LIST_PAGING,
    enabled: open,
  });
  if (app.credentialCount === 0) {
    return <CredentialList owner={app.name} credentials={[]} onView={onView} onDownload={onDownload} />;
  }
  return (
    <div>
      <button
        type="button"
        className={`${ui.secondary} ${ui.small}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {open
          ? MESSAGES.adminHideDocuments
          : formatMessage('adminShowDocuments', { count: app.credentialCount })}
      </button>
      <div id={panelId} hidden={!open}>
        {open && query.isPending && <p className={ui.muted}>{MESSAGES.adminDocumentsLoading}</p>}
        {query.error && (
          <p role="alert" className={ui.error}>
            {errorMessage(query.error)}
          </p>
        )}
        {open && query.data && (
          <CredentialList
            owner={app.name}
            credentials={query.data.pages.flatMap((page) => page.items)}
            onView={onView}
            onDownload={onDownload}
            downloading={downloading}
          />
        )}
        {open && query.hasNextPage && (
          <button
            type="button"
            className={`${ui.secondary} ${ui.small}`}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? MESSAGES.adminDocumentsLoading : MESSAGES.listShowMore}
          </button>
        )}
      </div>
    </div>
  );
}
