import { MESSAGES, formatMessage, type CredentialRecord, type CredentialType } from '@medora/shared';
import { ui } from '../../../../components/ui';
import css from './credential-list.module.css';

export const CREDENTIAL_LABELS: Record<CredentialType, string> = {
  degree: MESSAGES.credentialDegree,
  license: MESSAGES.credentialLicense,
  identity: MESSAGES.credentialIdentity,
  address: MESSAGES.credentialAddress,
  certification: MESSAGES.credentialCertification,
  experience: MESSAGES.credentialExperience,
};

/**
 * An application's documents: the current ones, then — marked and struck through —
 * those a resubmission superseded, so the admin decides on what the applicant sent last.
 */
export function CredentialList({
  owner,
  credentials,
  onView,
  onDownload,
  downloading,
}: {
  owner: string;
  credentials: CredentialRecord[];
  /** 'View' opens the document in the page (a preview dialog), never in a new tab. */
  onView: (credential: CredentialRecord) => void;
  /** 'Download' saves the document. */
  onDownload: (credential: CredentialRecord) => void;
  /** The credential whose download is on its way (its button waits). */
  downloading?: string | null;
}) {
  const current = credentials.filter((c) => !c.supersededAt);
  const superseded = credentials.filter((c) => c.supersededAt);
  const row = (c: CredentialRecord, old: boolean) => {
    const document = CREDENTIAL_LABELS[c.type as CredentialType] ?? c.type;
    return (
      <li key={c.id} className={css.item} data-superseded={old || undefined}>
        <span>
          <strong className={css.type}>{document}:</strong> {old ? <s>{c.documentName}</s> : c.documentName}
          {c.issuingOrganization ? <span className={ui.muted}> ({c.issuingOrganization})</span> : ''}
          {old && <span className={ui.muted}> — {MESSAGES.credentialSuperseded}</span>}
        </span>
        {c.hasFile && (
          <span className={css.actions}>
            <button
              type="button"
              className={`${ui.secondary} ${ui.small}`}
              onClick={() => onView(c)}
              aria-label={formatMessage(old ? 'adminViewSupersededLabel' : 'adminViewDocumentLabel', {
                document,
                owner,
              })}
            >
              {MESSAGES.adminViewDocument}
            </button>
            <button
              type="button"
              className={`${ui.secondary} ${ui.small}`}
              onClick={() => onDownload(c)}
              disabled={downloading === c.id}
              aria-label={formatMessage(old ? 'adminDownloadSupersededLabel' : 'adminDownloadDocumentLabel', {
                document,
                owner,
              })}
            >
              {MESSAGES.downloadDocument}
            </button>
          </span>
        )}
      </li>
    );
  };
  return (
    <>
      <h4 className={css.heading}>{MESSAGES.adminDocumentsTitle}</h4>
      {current.length === 0 && <p className={ui.muted}>{MESSAGES.adminNoDocuments}</p>}
      <ul className={css.list} aria-label={formatMessage('adminCurrentDocuments', { owner })}>
        {current.map((c) => row(c, false))}
      </ul>
      {superseded.length > 0 && (
        <>
          <h4 className={css.heading}>{MESSAGES.adminSupersededTitle}</h4>
          <ul className={css.list} aria-label={formatMessage('adminSupersededDocuments', { owner })}>
            {superseded.map((c) => row(c, true))}
          </ul>
        </>
      )}
    </>
  );
}
