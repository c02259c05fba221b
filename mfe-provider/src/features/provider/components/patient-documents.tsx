import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  api,
  documentTypeLabel,
  errorMessage,
  formatDateTime,
  formatMessage,
  formatSize,
  type PatientDocument,
} from '@medora/shared';
import { documentKeys } from '@medora/shared/query';
import { FilePreviewDialog } from '@medora/shared/ui';
import { ui } from '../../../components/ui';
import { useDownloadFile } from '../../../hooks/use-open-file';
import css from './patient-documents.module.css';

/** A row action's accessible name: the action and the document's name. */
const actionFor = (action: string, doc: PatientDocument) =>
  formatMessage('documentActionFor', { action, name: doc.name });

/**
 * The documents a patient uploaded, as their doctor sees them on an appointment card: type, date and
 * size, each viewed in the page or downloaded. The API decides who may list and open them (the patient's
 * booked doctor) and writes an audit row for every list, view and download.
 */
export function PatientDocuments({ patientUid, who }: { patientUid: string; who: string }) {
  const [previewing, setPreviewing] = useState<PatientDocument | null>(null);
  const documents = useQuery({
    queryKey: documentKeys.list(patientUid),
    queryFn: () => api.listDocuments(patientUid),
    staleTime: 60_000,
  });
  const download = useDownloadFile(
    (doc: PatientDocument) => api.downloadDocument(patientUid, doc.id),
    (doc) => doc.name,
  );

  if (documents.isPending) return <p role="status">{MESSAGES.providerDocumentsLoading}</p>;
  if (documents.isError) {
    return (
      <div role="alert" className={ui.error}>
        <p>{formatMessage('providerDocumentsFailed', { reason: errorMessage(documents.error) })}</p>
        <button type="button" className={ui.secondary} onClick={() => void documents.refetch()}>
          {MESSAGES.providerIntakeRetry}
        </button>
      </div>
    );
  }
  if (documents.data.length === 0) return <p className={ui.muted}>{MESSAGES.providerNoDocuments}</p>;

  return (
    <>
      <ul className={css.list} aria-label={formatMessage('providerDocumentsLabel', { patient: who })}>
        {documents.data.map((doc) => (
          <li key={doc.id} className={css.item}>
            <div className={css.body}>
              <strong className={css.name}>{doc.name}</strong>
              <span className={ui.muted}>
                {documentTypeLabel(doc.type)}
                {MESSAGES.listSeparator}
                {formatDateTime(doc.uploadedAt, null)}
                {doc.size !== null ? `${MESSAGES.listSeparator}${formatSize(doc.size)}` : ''}
                {doc.hasFile ? '' : `${MESSAGES.listSeparator}${MESSAGES.providerDocumentNoFile}`}
              </span>
            </div>
            {doc.hasFile && (
              <div className={css.actions}>
                <button
                  type="button"
                  className={`${ui.secondary} ${css.action}`}
                  aria-label={actionFor(MESSAGES.providerViewDocument, doc)}
                  onClick={() => setPreviewing(doc)}
                >
                  {MESSAGES.providerViewDocument}
                </button>
                <button
                  type="button"
                  className={`${ui.secondary} ${css.action}`}
                  aria-label={actionFor(MESSAGES.downloadDocument, doc)}
                  disabled={download.isPending && download.variables?.id === doc.id}
                  onClick={() => download.mutate(doc)}
                >
                  {MESSAGES.downloadDocument}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {previewing && (
        <FilePreviewDialog
          title={previewing.name}
          queryKey={documentKeys.file(patientUid, previewing.id)}
          load={() => api.downloadDocument(patientUid, previewing.id)}
          fallbackName={previewing.name}
          onClose={() => setPreviewing(null)}
        />
      )}
    </>
  );
}
