import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../api/api-error.js';
import type { DownloadedFile } from '../api/client.js';
import { MESSAGES, formatMessage } from '@medora/shared/messages';
import { Modal, ModalActions } from './modal.js';
import { withPdfTitle } from './pdf-title.js';
import { saveBlob } from './save-file.js';

export interface FilePreviewDialogProps {
  title: string;
  queryKey: readonly unknown[];
  load: () => Promise<DownloadedFile>;
  /** The download's name when the response names none. */
  fallbackName: string;
  /** False when only the file's name was recorded: the dialog says so and fetches nothing. */
  hasFile?: boolean;
  onClose: () => void;
}

/**
 * A file shown in the page ('View', 'Preview'): the authenticated file is fetched once for the preview
 * (not kept after the dialog closes) and shown from a typed blob URL, a PDF in an iframe, an image
 * inline. The dialog offers the download and closes with Escape, the backdrop or its close button.
 */
export function FilePreviewDialog({
  title,
  queryKey,
  load,
  fallbackName,
  hasFile = true,
  onClose,
}: FilePreviewDialogProps) {
  const file = useQuery({ queryKey, queryFn: load, enabled: hasFile, gcTime: 0, retry: false });
  const [shown, setShown] = useState<{ url: string; type: string } | null>(null);
  const name = file.data?.fileName ?? fallbackName;

  useEffect(() => {
    const data = file.data;
    if (!data) return undefined;
    const type = data.contentType?.split(';')[0] ?? 'application/octet-stream';
    let url: string | null = null;
    let live = true;
    void (async () => {
      const body = type === 'application/pdf' ? await titledPdf(data.blob, name) : data.blob;
      if (!live) return;
      // A typed blob so the browser's PDF viewer takes it.
      url = URL.createObjectURL(new Blob([body], { type }));
      setShown({ url, type });
    })();
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.data, name]);

  let body;
  if (!hasFile) body = <p className="md-muted">{MESSAGES.documentNoFile}</p>;
  else if (file.isError)
    body = (
      <p role="alert" className="md-ui-error">
        {formatMessage('documentPreviewFailed', { message: errorMessage(file.error) })}
      </p>
    );
  else if (!shown)
    body = (
      <p role="status" className="md-muted">
        {MESSAGES.loading}
      </p>
    );
  else if (shown.type.startsWith('image/'))
    body = <img className="md-ui-file-preview-image" src={shown.url} alt={name} data-testid="file-preview" />;
  else
    body = (
      <iframe
        className="md-ui-file-preview-frame"
        src={shown.url}
        title={name}
        data-testid="file-preview"
        data-content-type={shown.type}
      />
    );

  return (
    <Modal title={title} onClose={onClose} wide testId="file-preview-dialog">
      {body}
      {file.data && (
        <ModalActions>
          <button
            type="button"
            className="md-button md-primary"
            onClick={() => file.data && saveBlob(file.data.blob, name)}
          >
            {MESSAGES.downloadDocument}
          </button>
        </ModalActions>
      )}
    </Modal>
  );
}

/**
 * The browser's PDF viewer titles a blob URL with a random id, so the PDF gets the file's name as its
 * title; a file that cannot be read here is shown as it is.
 */
async function titledPdf(blob: Blob, name: string): Promise<Blob | Uint8Array<ArrayBuffer>> {
  try {
    return withPdfTitle(new Uint8Array(await blob.arrayBuffer()), name);
  } catch {
    return blob;
  }
}
