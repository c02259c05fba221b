import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorMessage, api, formatMessage, MESSAGES } from '@medora/shared';
import { healthRecordFileName } from '@medora/shared/intake';
import common from '../../../components/patient.module.css';
import { saveBlob } from '@medora/shared/ui';
import { RECORD_VIEW_HREF } from '../model/record-view';
import css from './record.module.css';

/**
 * The patient's record to take anywhere: the FHIR R4 export as a JSON download (through the
 * authenticated API client, never a bare link) and the printable one-page summary.
 */
export function RecordActions({ uid }: { uid: string }) {
  const download = useMutation({
    mutationFn: async () => {
      const file = await api.exportHealthRecord(uid);
      const name = file.fileName ?? healthRecordFileName();
      saveBlob(file.blob, name);
      return name;
    },
  });
  return (
    <section className={css.actions} aria-label={MESSAGES.recordActionsLabel}>
      <button
        type="button"
        className={`md-button ${css.target}`}
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-busy={download.isPending}
      >
        {download.isPending ? MESSAGES.recordDownloading : MESSAGES.recordDownload}
      </button>
      <Link className={`md-button ${css.target}`} to={RECORD_VIEW_HREF}>
        {MESSAGES.recordPrintableLink}
      </Link>
      <p role="status" className={css.status}>
        {download.isSuccess && formatMessage('recordDownloaded', { file: download.data })}
      </p>
      {download.isError && (
        <p role="alert" className={common.error}>
          {formatMessage('recordDownloadFailed', { message: errorMessage(download.error) })}
        </p>
      )}
    </section>
  );
}
