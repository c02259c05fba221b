import { useEffect, type ReactNode } from 'react';
import { Navigate } from '@medora/shared/router';
import { useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import {
  api,
  authStore,
  formatMessage,
  MESSAGES,
  notify,
  withoutFinalStop,
  type MeAccess,
  isApprovedApplication,
} from '@medora/shared';
import { doctorRecordKeys } from '@medora/shared/query';
import { LoadingStatus } from '../../components/loading-status';
import css from '../../components/status-page.module.css';
import { dashboardPathFor } from '../../model/dashboard-path';

export const LOGIN_PATH = '/patient-login';

/** Patient area: 'Loading...' while auth starts, then signed-out users go to /patient-login. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const status = useStore(authStore, (s) => s.status);
  if (status === 'loading') return <LoadingStatus />;
  if (status === 'signed-out') return <Navigate to={LOGIN_PATH} replace />;
  return <>{children}</>;
}

/** What a refused account is told, per page. */
const REFUSED: Record<keyof MeAccess, string> = {
  admin: MESSAGES.accessDeniedAdmin,
  providerDashboard: MESSAGES.accessDeniedProviderDashboard,
};

/**
 * /admin and /provider-dashboard: the server decides (GET /api/me `access`), this guard only redirects.
 * Signed-out → /patient-login; signed in without access → the account's own dashboard with a message
 * saying why (not the marketing page with Login showing).
 */
export function RequireAccess({ need, children }: { need: keyof MeAccess; children: ReactNode }) {
  const status = useStore(authStore, (s) => s.status);
  const profile = useStore(authStore, (s) => s.profile);
  const allowed = profile ? profile.access[need] : null;
  const denied = status === 'signed-in' && allowed === false;
  useEffect(() => {
    if (denied) notify.error(REFUSED[need]);
  }, [denied, need]);
  if (status === 'loading' || (status === 'signed-in' && allowed === null)) return <LoadingStatus />;
  if (status === 'signed-out') return <Navigate to={LOGIN_PATH} replace />;
  if (denied && profile) return <Navigate to={dashboardPathFor(profile)} replace />;
  return <>{children}</>;
}

/** What a suspended doctor sees instead of the dashboard or the onboarding form. */
export function SuspendedNotice({ reason }: { reason: string }) {
  return (
    <div className={css.inset}>
      <section className={css.card} aria-labelledby="account-suspended-title">
        <h1 id="account-suspended-title">{MESSAGES.accountSuspendedTitle}</h1>
        <p role="alert">{formatMessage('accountSuspended', { reason: withoutFinalStop(reason) })}</p>
      </section>
    </div>
  );
}

/**
 * /doctor-onboarding: needs sign-in; an application already completed and approved goes to
 * /provider-dashboard. A failed lookup counts as not onboarded. A suspended doctor (the
 * server refuses their dashboard) is told so, with the admin's reason, instead.
 */
export function OnboardingGuard({ children }: { children: ReactNode }) {
  const status = useStore(authStore, (s) => s.status);
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const doctor = useQuery({
    queryKey: doctorRecordKeys.detail(uid ?? ''),
    queryFn: () => api.getDoctor(uid ?? ''),
    enabled: uid !== null,
  });
  if (status === 'loading') return <LoadingStatus />;
  if (status === 'signed-out') return <Navigate to={LOGIN_PATH} replace />;
  if (doctor.isPending) return <LoadingStatus />;
  // An error (404 included) leaves `onboarded` false: the onboarding form opens.
  const record = doctor.data;
  if (record?.data?.suspension) return <SuspendedNotice reason={record.data.suspension.reason} />;
  if (record?.exists === true && record.data && isApprovedApplication(record.data))
    return <Navigate to="/provider-dashboard" replace />;
  return <>{children}</>;
}
