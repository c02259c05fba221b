import { useId, useRef, useState } from 'react';
import {
  errorMessage,
  api,
  confirmDialog,
  documentTypeLabel,
  formatDateTime,
  formatMessage,
  formatSize,
  MESSAGES,
  notify,
  type PatientDocument,
} from '@medora/shared';
import { documentKeys } from '@medora/shared/query';
import { QueryState } from '../../../components/query-state';
import { useDeleteDocument, useUploadDocuments } from '../api/mutations';
import { checkPdfUpload, isImage, isPdf } from '../model/documents-fallback';
import { FilePreviewDialog, saveBlob } from '@medora/shared/ui';
import common from '../../../components/patient.module.css';
import css from './dashboard.module.css';
import { ActionButton } from '../../../components/action-button';

/** A card action's accessible name: the action and the document's name. */
const actionFor = (action: string, doc: PatientDocument) =>
  formatMessage('documentActionFor', { action, name: doc.name });

interface DocumentsTabProps {
  uid: string;
  documents: PatientDocument[];
  loading: boolean;
  /** True when the list call failed and `documents` came from the profile. */
  fallback: boolean;
}

/** Medical Documents: PDF upload, a grid of cards with a real preview, download and delete. */
export function DocumentsTab({ uid, documents, loading, fallback }: DocumentsTabProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const upload = useUploadDocuments(uid);
  const deletion = useDeleteDocument(uid);
  const uploading = upload.isPending;
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<PatientDocument | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function onPick(files: FileList | null) {
    setProblem(null);
    const picked = Array.from(files ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (picked.length === 0) return;
    // Checked here, before any byte is sent: a wrong or too large file is refused at once, by name.
    for (const file of picked) {
      const refused = await checkPdfUpload(file);
      if (refused) {
        setProblem(refused);
        notify.error(refused);
        return;
      }
    }
    try {
      await upload.mutateAsync(picked);
      notify.success(MESSAGES.uploadSucceeded);
    } catch (e) {
      const message = formatMessage('uploadFailed', { message: errorMessage(e) });
      setProblem(message);
      notify.error(message);
    }
  }

  async function download(doc: PatientDocument) {
    setBusyId(doc.id);
    try {
      const file = await api.downloadDocument(uid, doc.id);
      saveBlob(file.blob, file.fileName ?? doc.name);
    } catch (e) {
      notify.error(formatMessage('documentDownloadFailed', { message: errorMessage(e) }));
    } finally {
      setBusyId(null);
    }
  }

  async function remove(doc: PatientDocument) {
    const ok = await confirmDialog({
      title: MESSAGES.deleteDocument,
      message: formatMessage('deleteDocumentConfirm', { name: doc.name }),
      confirmLabel: MESSAGES.deleteDocument,
      danger: true,
    });
    if (!ok) return;
    setBusyId(doc.id);
    try {
      await deletion.mutateAsync(doc.id);
      notify.success(MESSAGES.deleteSucceeded);
    } catch (e) {
      notify.error(formatMessage('deleteFailed', { message: errorMessage(e) }));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div>
      <div className={css.docsUpload}>
        <label htmlFor={inputId} className={common.uploadLabel}>
          {MESSAGES.uploadDocument}
        </label>
        <p className={`md-muted ${common.hint}`}>{MESSAGES.pdfOnly}</p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          multiple
          disabled={uploading || fallback}
          onChange={(e) => void onPick(e.target.files)}
          data-testid="document-input"
        />
        {uploading && (
          <p role="status" className="md-muted">
            {MESSAGES.uploading}
          </p>
        )}
        {problem && (
          <p role="alert" className={common.error}>
            {problem}
          </p>
        )}
      </div>
      {fallback && (
        <p className={css.notice} role="status">
          {MESSAGES.documentsFallbackNotice}
        </p>
      )}
      <QueryState
        loading={loading && documents.length === 0}
        empty={documents.length === 0}
        emptyContent={<p>{MESSAGES.noDocuments}</p>}
      >
        <ul className={css.docs} aria-label={MESSAGES.documentsListLabel}>
          {documents.map((doc) => (
            <li key={doc.id} className={css.doc} data-testid="document-card">
              <div className={css.docIcon} aria-hidden="true">
                {isPdf(doc)
                  ? MESSAGES.documentKindPdf
                  : isImage(doc)
                    ? MESSAGES.documentKindImage
                    : MESSAGES.documentKindOther}
              </div>
              <div className={css.docBody}>
                <strong title={doc.name}>{doc.name}</strong>
                <span className="md-muted">
                  {documentTypeLabel(doc.type)}
                  {MESSAGES.listSeparator}
                  {formatDateTime(doc.uploadedAt, null)}
                  {doc.size !== null ? `${MESSAGES.listSeparator}${formatSize(doc.size)}` : ''}
                </span>
              </div>
              <div className={css.docActions}>
                <ActionButton
                  onClick={() => setPreview(doc)}
                  ariaLabel={actionFor(MESSAGES.previewDocument, doc)}
                >
                  {MESSAGES.previewDocument}
                </ActionButton>
                <ActionButton
                  onClick={() => void download(doc)}
                  disabled={!doc.hasFile || busyId === doc.id}
                  ariaLabel={actionFor(MESSAGES.downloadDocument, doc)}
                >
                  {MESSAGES.downloadDocument}
                </ActionButton>
                <ActionButton
                  onClick={() => void remove(doc)}
                  disabled={fallback || busyId === doc.id}
                  ariaLabel={actionFor(MESSAGES.deleteDocument, doc)}
                  danger
                >
                  {MESSAGES.deleteDocument}
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
      {preview && (
        <FilePreviewDialog
          title={preview.name}
          queryKey={documentKeys.file(uid, preview.id)}
          load={() => api.downloadDocument(uid, preview.id)}
          fallbackName={preview.name}
          hasFile={preview.hasFile}
          onClose={() => setPreview(null)}
        />
      )}
    </div>
  );
}
