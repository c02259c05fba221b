import { useMutation } from '@tanstack/react-query';
import { Link } from '@medora/shared/router';
import { api, errorMessage, formatMessage, MESSAGES, type FhirExportFormat } from '@medora/shared';
import { healthRecordFileName } from '@medora/shared/intake';
import common from '../../../components/patient.module.css';
import { saveBlob } from '@medora/shared/ui';
import { RECORD_VIEW_HREF } from '../model/record-view';
import css from './record.module.css';

/**
 * The patient's record to take anywhere: the FHIR R4 export as a JSON download (through the
 * authenticated API client, never a bare link), whole or as an International Patient Summary, and the
 * printable one-page summary.
 */
export function RecordActions({ uid }: { uid: string }) {
  const download = useMutation({
    mutationFn: async (format: FhirExportFormat) => {
      const file =
        format === 'ips' ? await api.exportHealthRecord(uid, 'ips') : await api.exportHealthRecord(uid);
      const name = file.fileName ?? healthRecordFileName(new Date(), format);
      saveBlob(file.blob, name);
      return name;
    },
  });
  const button = (format: FhirExportFormat, label: string) => {
    const busy = download.isPending && download.variables === format;
    return (
      <button
        type="button"
        className={`md-button ${css.target}`}
        onClick={() => download.mutate(format)}
        disabled={download.isPending}
        aria-busy={busy}
      >
        {busy ? MESSAGES.recordDownloading : label}
      </button>
    );
  };
  return (
    <section className={css.actions} aria-label={MESSAGES.recordActionsLabel}>
      {button('collection', MESSAGES.recordDownload)}
      {button('ips', MESSAGES.recordDownloadIps)}
      <Link className={`md-button ${css.target}`} to={RECORD_VIEW_HREF}>
        {MESSAGES.recordPrintableLink}
      </Link>
      <p className={css.hint}>{MESSAGES.recordDownloadHint}</p>
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
