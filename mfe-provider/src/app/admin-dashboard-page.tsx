import { useCallback, useEffect, useState } from 'react';
import {
  MESSAGES,
  api,
  errorMessage,
  notify,
  type AdminDashboardOverview,
  type DoctorApplication,
  type RemotePageProps,
} from '@medora/shared';
import { StatCard, openBlob, styles } from '../components/ui';
import { RejectDialog } from '../features/admin/components/reject-dialog';

const CREDENTIAL_LABELS: Record<string, string> = {
  degree: 'Medical Degree',
  license: 'Medical License',
  identity: 'Identity Proof',
  address: 'Address Proof',
  certification: 'Certification',
  experience: 'Experience Letter',
};

/** `/admin`: real counters and the doctor verification queue (the API allows admins only). */
export default function AdminDashboardPage(_props: RemotePageProps) {
  const [overview, setOverview] = useState<AdminDashboardOverview | null>(null);
  const [queue, setQueue] = useState<DoctorApplication[] | null>(null);
  const [rejecting, setRejecting] = useState<DoctorApplication | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [o, q] = await Promise.all([api.adminDashboardOverview(), api.adminApplications('pending')]);
      setOverview(o);
      setQueue(q);
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const approve = async (app: DoctorApplication) => {
    try {
      await api.approveDoctor(app.id);
      notify.success(`${app.name} approved: bookable now.`);
      await load();
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };

  const view = async (id: string, name: string) => {
    try {
      const file = await api.credentialFile(id);
      openBlob(file.blob, file.fileName ?? name);
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };

  return (
    <main style={styles.page}>
      <h1>Admin dashboard</h1>
      {error && (
        <p role="alert" style={styles.error}>
          {error}
        </p>
      )}
      <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', marginBottom: '1.5rem' }}>
        <StatCard label="Pending applications" value={overview?.pendingApplications ?? '…'} />
        <StatCard label="Approved doctors" value={overview?.approvedDoctors ?? '…'} />
        <StatCard label="Patients" value={overview?.patients ?? '…'} />
        <StatCard label="Appointments this week" value={overview?.appointmentsThisWeek ?? '…'} />
      </div>
      <h2>Verification queue</h2>
      {queue === null && !error && <p role="status">{MESSAGES.loading}</p>}
      {queue?.length === 0 && <p>No applications waiting for review.</p>}
      <div style={{ display: 'grid', gap: '1rem' }}>
        {queue?.map((app) => (
          <article key={app.id} aria-label={`Application of ${app.name}`} style={styles.card}>
            <h3 style={{ margin: 0 }}>{app.name}</h3>
            <p style={styles.muted}>
              {app.email} · {app.phone} · applied {new Date(app.createdAt).toLocaleDateString()}
            </p>
            <dl
              style={{
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                gap: '0.25rem 1rem',
                margin: '0.5rem 0',
              }}
            >
              <dt style={{ color: '#475569' }}>Specialty</dt>
              <dd style={{ margin: 0 }}>
                {app.specialty}
                {app.subSpecialties.length ? ` (${app.subSpecialties.join(', ')})` : ''}
              </dd>
              <dt style={{ color: '#475569' }}>Qualification</dt>
              <dd style={{ margin: 0 }}>
                {app.qualification}, {app.experience} years
              </dd>
              <dt style={{ color: '#475569' }}>License / NPI</dt>
              <dd style={{ margin: 0 }}>
                {app.licenseNumber}
                {app.npiNumber ? ` / ${app.npiNumber}` : ''}
              </dd>
              <dt style={{ color: '#475569' }}>Clinic</dt>
              <dd style={{ margin: 0 }}>
                {app.clinic},{' '}
                {[
                  app.clinicAddress?.street,
                  app.clinicAddress?.city,
                  app.clinicAddress?.state,
                  app.clinicAddress?.zipCode,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
              <dt style={{ color: '#475569' }}>Consultation</dt>
              <dd style={{ margin: 0 }}>
                ${app.consultationFee} · {app.consultationDuration} min · {app.languages.join(', ')}
                {app.acceptingNewPatients ? ' · accepting new patients' : ''}
              </dd>
              {app.bio && (
                <>
                  <dt style={{ color: '#475569' }}>Bio</dt>
                  <dd style={{ margin: 0 }}>{app.bio}</dd>
                </>
              )}
            </dl>
            <h4 style={{ marginBottom: 4 }}>Documents</h4>
            {app.credentials.length === 0 && <p style={styles.muted}>No documents.</p>}
            <ul
              style={{
                listStyle: 'none',
                padding: 0,
                margin: 0,
                border: '1px solid #e5e7eb',
                borderRadius: 8,
                maxWidth: 560,
              }}
            >
              {app.credentials.map((c, i) => (
                <li
                  key={c.id}
                  style={{
                    display: 'flex',
                    justifyContent: 'space-between',
                    alignItems: 'center',
                    gap: 12,
                    padding: '0.4rem 0.75rem',
                    borderTop: i === 0 ? 0 : '1px solid #f1f5f9',
                    fontSize: 14,
                  }}
                >
                  <span>
                    <strong style={{ fontWeight: 600 }}>{CREDENTIAL_LABELS[c.type] ?? c.type}:</strong>{' '}
                    {c.documentName}
                    {c.issuingOrganization ? (
                      <span style={styles.muted}> ({c.issuingOrganization})</span>
                    ) : (
                      ''
                    )}
                  </span>
                  {c.hasFile && (
                    <button
                      type="button"
                      style={{ ...styles.secondary, ...styles.small }}
                      onClick={() => void view(c.id, c.documentName)}
                      aria-label={`View ${CREDENTIAL_LABELS[c.type] ?? c.type} of ${app.name}`}
                    >
                      View
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: '1rem' }}>
              <button type="button" style={styles.primary} onClick={() => void approve(app)}>
                Approve {app.name}
              </button>
              <button type="button" style={styles.danger} onClick={() => setRejecting(app)}>
                Reject {app.name}
              </button>
            </div>
          </article>
        ))}
      </div>
      {rejecting && (
        <RejectDialog
          doctorName={rejecting.name}
          onCancel={() => setRejecting(null)}
          onConfirm={async (reason) => {
            try {
              await api.rejectDoctor(rejecting.id, reason);
              notify.info(`${rejecting.name} rejected.`);
              setRejecting(null);
              await load();
            } catch (err) {
              notify.error(errorMessage(err));
            }
          }}
        />
      )}
    </main>
  );
}
