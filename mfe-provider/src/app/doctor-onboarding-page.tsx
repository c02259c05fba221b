import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import {
  ApiError,
  MESSAGES,
  api,
  authStore,
  errorMessage,
  formatMessage,
  notify,
  type DoctorRecord,
  type RemotePageProps,
} from '@medora/shared';
import { styles } from '../components/ui';
import { submitApplication } from '../features/application/api/submit-application';
import { ApplicationSteps } from '../features/application/components/application-steps';
import { ApplicationSubmitted } from '../features/application/components/submitted';
import { EMPTY_FORM, ONBOARDING_STEPS, formFromRecord } from '../features/application/model/application';

type Entry =
  | { kind: 'checking' }
  | { kind: 'form'; record: DoctorRecord | null }
  | { kind: 'leaving' }
  | { kind: 'submitted' };

/**
 * `/doctor-onboarding` (spec §4 Doctor application): all five steps, Consultation Details included.
 * On entry: completed and pending → the under-review message, sign out, login; approved → the provider
 * dashboard; rejected → the reason, and the form filled in again to correct and resubmit. After a
 * submission the page shows 'Application Submitted Successfully!' rather than sending the applicant to
 * /provider-dashboard, which would turn them away until an admin approves (issue 7: our call).
 */
export default function DoctorOnboardingPage(_props: RemotePageProps) {
  const navigate = useNavigate();
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const email = useStore(authStore, (s) => s.user?.email ?? null);
  const [entry, setEntry] = useState<Entry>({ kind: 'checking' });

  useEffect(() => {
    if (!uid) return;
    let live = true;
    void api.getDoctor(uid).then(
      (res) => {
        if (!live) return;
        const record = res.data as DoctorRecord;
        if (record.onboardingCompleted && record.verificationStatus === 'pending') {
          notify.info(MESSAGES.applicationUnderReview);
          setEntry({ kind: 'leaving' });
          void authStore
            .getState()
            .signOut()
            .finally(() => void navigate('/patient-login', { replace: true }));
        } else if (record.onboardingCompleted && record.verificationStatus === 'approved') {
          notify.success(MESSAGES.applicationApproved);
          setEntry({ kind: 'leaving' });
          void navigate('/provider-dashboard', { replace: true });
        } else {
          setEntry({ kind: 'form', record });
        }
      },
      (error: unknown) => {
        // Spec §8: the status check ignores 404 (no record yet) and logs other errors.
        if (!(error instanceof ApiError && error.status === 404))
          console.error('[medora] GET /api/doctors', error);
        if (live) setEntry({ kind: 'form', record: null });
      },
    );
    return () => {
      live = false;
    };
  }, [uid, navigate]);

  if (entry.kind === 'checking' || entry.kind === 'leaving' || !uid) {
    return (
      <main style={styles.page}>
        <p role="status">{MESSAGES.loading}</p>
      </main>
    );
  }
  if (entry.kind === 'submitted') {
    return (
      <main style={styles.page}>
        <ApplicationSubmitted />
      </main>
    );
  }
  const rejected = entry.record?.verificationStatus === 'rejected' ? entry.record : null;
  return (
    <main style={styles.page}>
      <h1>Doctor onboarding</h1>
      {rejected && (
        <section
          role="alert"
          style={{ ...styles.card, borderColor: '#fca5a5', background: '#fef2f2', marginBottom: '1rem' }}
        >
          <h2 style={{ marginTop: 0, fontSize: '1.1rem' }}>Application not approved</h2>
          <p>{formatMessage('applicationRejected', { reason: rejected.rejectionReason ?? '' })}</p>
        </section>
      )}
      <ApplicationSteps
        steps={ONBOARDING_STEPS}
        initial={
          entry.record && entry.record.name && entry.record.clinic ? formFromRecord(entry.record) : EMPTY_FORM
        }
        onSubmit={async (form, files) => {
          try {
            await submitApplication(uid, email, form, files);
          } catch (err) {
            throw new Error(formatMessage('onboardingFailed', { message: errorMessage(err) }), {
              cause: err,
            });
          }
          notify.success(MESSAGES.applicationSubmitted);
          setEntry({ kind: 'submitted' });
        }}
      />
    </main>
  );
}
