import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { DialogHost } from '../components/dialog-host';
import { Toaster } from '../components/toaster';
import { useSessionSync } from '../features/auth/hooks/use-session-sync';
import { PatientHeader, SiteHeader } from '../features/header/headers';
import { useRuntimeConfig } from './runtime-config';
import { SHELL_CSS } from './styles';

/** Routes that carry the patient header bar (spec §2). */
export const PATIENT_ROUTES = ['/dashboard', '/form', '/book-appointment'];

/**
 * The shell's header for a path: none on the landing page (the landing remote has its own sticky header),
 * the patient header bar in the patient area, a simple one elsewhere. It stays when a remote fails.
 */
export function ShellHeader() {
  const { pathname } = useLocation();
  if (pathname === '/') return null;
  if (PATIENT_ROUTES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return <PatientHeader />;
  return <SiteHeader />;
}

/** Root layout: header, the current route, toasts and dialogs. Starts Firebase Auth after the first render. */
export function Layout() {
  const config = useRuntimeConfig();
  useEffect(() => {
    // Dynamic import: the landing page must not pay for auth code before first paint.
    void import('../features/auth/firebase')
      .then(({ startFirebaseAuth }) => startFirebaseAuth(config))
      .catch((error: unknown) => console.error('[medora] Firebase Auth failed to start', error));
  }, [config]);
  useSessionSync();
  return (
    <>
      <style>{SHELL_CSS}</style>
      <ShellHeader />
      <Outlet />
      <Toaster />
      <DialogHost />
    </>
  );
}
