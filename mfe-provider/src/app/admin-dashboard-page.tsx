import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  MESSAGES,
  api,
  errorMessage,
  notify,
  type DoctorApplication,
  type RemotePageProps,
} from '@medora/shared';
import { adminKeys } from '@medora/shared/query';
import { StatCard, openBlob, styles } from '../components/ui';
import { CredentialList } from '../features/admin/components/credential-list';
import { RejectDialog } from '../features/admin/components/reject-dialog';

type QueueStatus = 'pending' | 'approved' | 'rejected';
const showStyle = { ...styles.input, maxWidth: 260 };
const QUEUE_LABELS: Record<QueueStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** `/admin`: real counters and the doctor verification queue (the API allows admins only). */
export default function AdminDashboardPage(_props: RemotePageProps) {
  const [rejecting, setRejecting] = useState<DoctorApplication | null>(null);
  const [status, setStatus] = useState<QueueStatus>('pending');
  /** Issue 13 §3: the 409 of a decision, shown on the application it was about. */
  const [conflicts, setConflicts] = useState<Record<string, string>>({});

  const queryClient = useQueryClient();
  const overviewQuery = useQuery({
    queryKey: adminKeys.overview(),
    queryFn: () => api.adminDashboardOverview(),
  });
  const queueQuery = useQuery({
    queryKey: adminKeys.applications(status),
    queryFn: () => api.adminApplications(status),
    // While another queue loads, the one shown stays (as before the migration).
    placeholderData: keepPreviousData,
  });
  const overview = overviewQuery.data ?? null;
  const queue = queueQuery.data ?? null;
  const failed = overviewQuery.error ?? queueQuery.error;
  const error = failed ? errorMessage(failed) : null;

  // A decision moves an application between queues and changes the counters.
  const load = useCallback(() => queryClient.invalidateQueries({ queryKey: adminKeys.all }), [queryClient]);

  /**
   * Runs a decision on the version shown. A 409 (changed since, or already decided) is kept on the
   * card and the queue reloads, so the admin reviews the current version before deciding again.
   */
  const decide = async (
    app: DoctorApplication,
    run: () => Promise<unknown>,
    done: string,
  ): Promise<'done' | 'conflict' | 'failed'> => {
    try {
      await run();
      setConflicts(({ [app.id]: _, ...rest }) => rest);
      notify.success(done);
      await load();
      return 'done';
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setConflicts((c) => ({ ...c, [app.id]: err.message }));
        await load();
        return 'conflict';
      }
      notify.error(errorMessage(err));
      return 'failed';
    }
  };

  const approve = (app: DoctorApplication) =>
    decide(app, () => api.approveDoctor(app.id, app.version), `${app.name} approved: bookable now.`);
  const reopen = (app: DoctorApplication) =>
    decide(app, () => api.reopenDoctor(app.id, app.version), `${app.name} is back in the review queue.`);

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
      <label style={styles.label}>
        Show
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value as QueueStatus)}
          style={showStyle}
          aria-label="Applications to show"
        >
          {(Object.keys(QUEUE_LABELS) as QueueStatus[]).map((s) => (
            <option key={s} value={s}>
              {QUEUE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {queue === null && !error && <p role="status">{MESSAGES.loading}</p>}
      {queue?.length === 0 && <p>No applications {status === 'pending' ? 'waiting for review' : status}.</p>}
      <div style={{ display: 'grid', gap: '1rem' }}>
        {queue?.map((app) => (
          <article key={app.id} aria-label={`Application of ${app.name}`} style={styles.card}>
            <h3 style={{ margin: 0 }}>{app.name}</h3>
            <p style={styles.muted}>
              {app.email} · {app.phone} · applied {new Date(app.createdAt).toLocaleDateString()} · version{' '}
              {app.version}
            </p>
            {conflicts[app.id] && (
              <p role="alert" style={styles.error}>
                {conflicts[app.id]}
              </p>
            )}
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
            <CredentialList
              owner={app.name}
              credentials={app.credentials}
              onView={(c) => void view(c.id, c.documentName)}
            />
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: '1rem' }}>
              {app.verificationStatus === 'pending' ? (
                <>
                  <button type="button" style={styles.primary} onClick={() => void approve(app)}>
                    Approve {app.name}
                  </button>
                  <button type="button" style={styles.danger} onClick={() => setRejecting(app)}>
                    Reject {app.name}
                  </button>
                </>
              ) : (
                <button type="button" style={styles.secondary} onClick={() => void reopen(app)}>
                  Re-open {app.name}
                </button>
              )}
            </div>
          </article>
        ))}
      </div>
      {rejecting && (
        <RejectDialog
          doctorName={rejecting.name}
          onCancel={() => setRejecting(null)}
          onConfirm={async (reason) => {
            const app = rejecting;
            const outcome = await decide(
              app,
              () => api.rejectDoctor(app.id, app.version, reason),
              `${app.name} rejected.`,
            );
            // On a 409 the dialog closes too: its message is on the card, above the current version.
            if (outcome !== 'failed') setRejecting(null);
          }}
        />
      )}
    </main>
  );
}
