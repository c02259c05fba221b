import type { CSSProperties } from 'react';
import { MESSAGES, type CredentialRecord } from '@medora/shared';
import { styles } from '../../../components/ui';

export const CREDENTIAL_LABELS: Record<string, string> = {
  degree: 'Medical Degree',
  license: 'Medical License',
  identity: 'Identity Proof',
  address: 'Address Proof',
  certification: 'Certification',
  experience: 'Experience Letter',
};

const listStyle: CSSProperties = {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  border: '1px solid #e5e7eb',
  borderRadius: 8,
  maxWidth: 560,
};
const itemStyle: CSSProperties = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 12,
  padding: '0.4rem 0.75rem',
  borderTop: '1px solid #f1f5f9',
  fontSize: 14,
};
const firstItemStyle: CSSProperties = { ...itemStyle, borderTop: 0 };
const supersededItemStyle: CSSProperties = { ...itemStyle, color: '#64748b' };
const headingStyle: CSSProperties = { marginBottom: 4 };
const strongStyle: CSSProperties = { fontWeight: 600 };
const viewStyle: CSSProperties = { ...styles.secondary, ...styles.small };

/**
 * An application's documents (issue 13 §3): the current ones, then — marked and struck through —
 * those a resubmission superseded, so the admin decides on what the applicant sent last.
 */
export function CredentialList({
  owner,
  credentials,
  onView,
}: {
  owner: string;
  credentials: CredentialRecord[];
  onView: (credential: CredentialRecord) => void;
}) {
  const current = credentials.filter((c) => !c.supersededAt);
  const superseded = credentials.filter((c) => c.supersededAt);
  const row = (c: CredentialRecord, i: number, old: boolean) => (
    <li key={c.id} style={old ? supersededItemStyle : i === 0 ? firstItemStyle : itemStyle}>
      <span>
        <strong style={strongStyle}>{CREDENTIAL_LABELS[c.type] ?? c.type}:</strong>{' '}
        {old ? <s>{c.documentName}</s> : c.documentName}
        {c.issuingOrganization ? <span style={styles.muted}> ({c.issuingOrganization})</span> : ''}
        {old && <span style={styles.muted}> — {MESSAGES.credentialSuperseded}</span>}
      </span>
      {c.hasFile && (
        <button
          type="button"
          style={viewStyle}
          onClick={() => onView(c)}
          aria-label={`View ${old ? 'superseded ' : ''}${CREDENTIAL_LABELS[c.type] ?? c.type} of ${owner}`}
        >
          View
        </button>
      )}
    </li>
  );
  return (
    <>
      <h4 style={headingStyle}>Documents</h4>
      {current.length === 0 && <p style={styles.muted}>No documents.</p>}
      <ul style={listStyle} aria-label={`Current documents of ${owner}`}>
        {current.map((c, i) => row(c, i, false))}
      </ul>
      {superseded.length > 0 && (
        <>
          <h4 style={headingStyle}>Superseded documents</h4>
          <ul style={listStyle} aria-label={`Superseded documents of ${owner}`}>
            {superseded.map((c, i) => row(c, i, true))}
          </ul>
        </>
      )}
    </>
  );
}
