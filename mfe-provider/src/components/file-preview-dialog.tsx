import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, errorMessage, formatMessage, type DownloadedFile } from '@medora/shared';
import { Dialog } from '@medora/shared/ui';
import { saveBlob } from '@medora/shared/ui';
import { ui } from './ui';
import css from './file-preview-dialog.module.css';

/**
 * 'View' opens a file in the page. The authenticated file is fetched once for the
 * preview (not kept after the dialog closes) and shown from a typed blob URL: a PDF in an iframe, an
 * image inline. The dialog offers the download and closes with Escape, the backdrop or its button.
 */
export function FilePreviewDialog({
  title,
  queryKey,
  load,
  fallbackName,
  onClose,
}: {
  title: string;
  queryKey: readonly unknown[];
  load: () => Promise<DownloadedFile>;
  fallbackName: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const file = useQuery({ queryKey, queryFn: load, gcTime: 0, retry: false });
  const [shown, setShown] = useState<{ url: string; type: string } | null>(null);

  useEffect(() => {
    if (!file.data) return undefined;
    const type = file.data.contentType?.split(';')[0] ?? 'application/octet-stream';
    // A typed blob so the browser's PDF viewer takes it.
    const url = URL.createObjectURL(new Blob([file.data.blob], { type }));
    setShown({ url, type });
    return () => URL.revokeObjectURL(url);
  }, [file.data]);

  const name = file.data?.fileName ?? fallbackName;
  let body;
  if (file.isError)
    body = (
      <p role="alert" className={ui.error}>
        {formatMessage('documentPreviewFailed', { message: errorMessage(file.error) })}
      </p>
    );
  else if (!shown)
    body = (
      <p role="status" className={ui.muted}>
        {MESSAGES.loading}
      </p>
    );
  else if (shown.type.startsWith('image/'))
    body = <img className={css.image} src={shown.url} alt={name} data-testid="file-preview" />;
  else
    body = (
      <iframe
        className={css.frame}
        src={shown.url}
        title={name}
        data-testid="file-preview"
        data-content-type={shown.type}
      />
    );

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeOnBackdrop>
      <div className={`${ui.card} ${css.panel}`} data-testid="file-preview-dialog">
        <div className={css.head}>
          <h2 id={titleId} className={css.title}>
            {title}
          </h2>
          <button type="button" className={ui.secondary} onClick={onClose}>
            {MESSAGES.closeButton}
          </button>
        </div>
        {body}
        {file.data && (
          <div className={css.actions}>
            <button
              type="button"
              className={ui.primary}
              onClick={() => file.data && saveBlob(file.data.blob, name)}
            >
              {MESSAGES.downloadDocument}
            </button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
