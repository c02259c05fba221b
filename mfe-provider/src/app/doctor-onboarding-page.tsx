// The texts only this package uses (the message catalogue's provider area), before any module reads them.
import '@medora/shared/messages/provider';
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@medora/shared/router';
import { useStore } from 'zustand';
import {
  ApiError,
  CLINICIAN_SIGNUP_LABELS,
  MESSAGES,
  api,
  authStore,
  errorMessage,
  formatMessage,
  notify,
  type DoctorRecord,
  type RemotePageProps,
  withoutFinalStop,
} from '@medora/shared';
import { doctorApplicationKeys } from '@medora/shared/query';
import { ui } from '../components/ui';
import { submitApplication } from '../features/application/api/submit-application';
import { ApplicationSteps } from '../features/application/components/application-steps';
import { ApplicationSubmitted } from '../features/application/components/submitted';
import { VerifyFirst } from '../features/application/components/verify-first';
import {
  EMPTY_FORM,
  ONBOARDING_STEPS,
  formFromRecord,
  type ApplicationFiles,
  type ApplicationForm,
} from '../features/application/model/application';
import css from './doctor-application-pages.module.css';

/** The applicant's own record, or null when there is none yet. */
async function ownRecord(uid: string): Promise<DoctorRecord | null> {
  try {
    return (await api.getDoctor(uid)).data as DoctorRecord;
  } catch (error) {
    // The status check ignores 404 (no record yet) and logs other errors; either way the
    // applicant gets an empty form rather than a dead end.
    if (!(error instanceof ApiError && error.status === 404))
      console.error('[medora] GET /api/doctors', error);
    return null;
  }
}

/** Completed and pending, or approved: the page sends the applicant away. */
const decided = (record: DoctorRecord | null | undefined) =>
  !!record?.onboardingCompleted &&
  (record.verificationStatus === 'pending' || record.verificationStatus === 'approved');

/**
 * `/doctor-onboarding`: all five steps, Consultation Details included.
 * On entry: completed and pending → the under-review message, sign out, login; approved → the provider
 * dashboard; rejected → the reason, and the form filled in again to correct and resubmit. After a
 * submission the page shows 'Application Submitted Successfully!' rather than sending the applicant to
 * /provider-dashboard, which would turn them away until an admin approves (our call).
 */
export default function DoctorOnboardingPage(_props: RemotePageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const email = useStore(authStore, (s) => s.user?.email ?? null);
  const role = useStore(authStore, (s) => s.profile?.role ?? null);
  const unverified = useStore(authStore, (s) => s.user?.emailVerified === false);
  const [submitted, setSubmitted] = useState(false);
  const recordQuery = useQuery({
    queryKey: doctorApplicationKeys.own(uid ?? ''),
    queryFn: () => ownRecord(uid!),
    enabled: !!uid,
  });
  const record = recordQuery.data;

  const submit = useMutation({
    mutationFn: async ({ form, files }: { form: ApplicationForm; files: ApplicationFiles }) => {
      try {
        await submitApplication(uid!, email, form, files);
      } catch (err) {
        throw new Error(formatMessage('onboardingFailed', { message: errorMessage(err) }), { cause: err });
      }
    },
    onSuccess: () => {
      setSubmitted(true);
      notify.success(MESSAGES.applicationSubmitted);
      void queryClient.invalidateQueries({ queryKey: doctorApplicationKeys.all });
    },
  });

  // Leaving on entry is a reaction to the loaded record, not a fetch: it runs once the answer is in.
  useEffect(() => {
    if (submitted || !decided(record)) return;
    if (record!.verificationStatus === 'pending') {
      notify.info(MESSAGES.applicationUnderReview);
      void authStore
        .getState()
        .signOut()
        .finally(() => void navigate('/patient-login', { replace: true }));
    } else {
      notify.success(MESSAGES.applicationApproved);
      void navigate('/provider-dashboard', { replace: true });
    }
  }, [record, submitted, navigate]);

  if (submitted) {
    return (
      <main className={ui.page}>
        <ApplicationSubmitted />
      </main>
    );
  }
  if (!uid || record === undefined || decided(record)) {
    return (
      <main className={ui.page}>
        <p role="status">{MESSAGES.loading}</p>
      </main>
    );
  }
  const rejected = record?.verificationStatus === 'rejected' ? record : null;
  return (
    <main className={ui.page}>
      <h1>
        {formatMessage('doctorOnboardingHeading', {
          role: CLINICIAN_SIGNUP_LABELS[role === 'provider' ? 'provider' : 'doctor'],
        })}
      </h1>
      {rejected && (
        <section role="alert" className={css.rejected}>
          <h2 className={css.rejectedHeading}>{MESSAGES.applicationNotApprovedHeading}</h2>
          <p>
            {formatMessage('applicationRejected', {
              reason: withoutFinalStop(rejected.rejectionReason ?? ''),
            })}
          </p>
        </section>
      )}
      {unverified && <VerifyFirst email={email} />}
      <ApplicationSteps
        steps={ONBOARDING_STEPS}
        initial={record && record.name && record.clinic ? formFromRecord(record) : EMPTY_FORM}
        onSubmit={(form, files) => submit.mutateAsync({ form, files })}
        keptDocuments={!!rejected?.documentsSubmitted}
      />
    </main>
  );
}
