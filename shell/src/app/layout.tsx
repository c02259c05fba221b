import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { DialogHost } from '../components/dialog-host';
import { Toaster } from '../components/toaster';
import { RoleCardNotice } from '../features/auth/components/role-card-notice';
import { useSessionSync } from '../features/auth/hooks/use-session-sync';
import { loginNotice } from '../features/auth/model/login-notice';
import { LOGIN_PATH } from '../features/guards/require-sign-in';
import { IdleSession } from '../features/idle-session/components/idle-session';
import type { RuntimeConfig } from '@medora/shared';
import { useRuntimeConfig } from './runtime-config';
import { isAccountPath } from './account-routes';
import css from './layout.module.css';

// The headers (bell, account menu) are not needed on the landing page: keep them out of its first load.
const AccountHeader = lazy(() =>
  import('../features/header/headers').then((m) => ({ default: m.AccountHeader })),
);
const SiteHeader = lazy(() => import('../features/header/headers').then((m) => ({ default: m.SiteHeader })));

/**
 * The shell's header for a path: none on the landing page (the landing remote has its own sticky header),
 * the account header bar in the patient and staff areas, a simple one elsewhere. It stays when a remote fails.
 */
export function ShellHeader() {
  const { pathname } = useLocation();
  if (pathname === '/') return null;
  const accountArea = isAccountPath(pathname);
  return (
    <Suspense fallback={<div className={css.headerPlaceholder} aria-hidden="true" />}>
      {accountArea ? <AccountHeader /> : <SiteHeader />}
    </Suspense>
  );
}

function startAuth(config: RuntimeConfig): void {
  void import(/* webpackChunkName: "firebase-auth" */ '../features/auth/firebase')
    .then(({ startFirebaseAuth }) => startFirebaseAuth(config))
    .catch((error: unknown) => console.error('[medora] Firebase Auth failed to start', error));
}

/**
 * The sign-in screens: their first paint (the role choice, the form) needs no Firebase, so it loads
 * once the screen is shown (`StartAuthWhenShown`), not beside the screen's own code.
 */
export const SIGN_IN_PATHS = ['/patient-login', '/provider-login'];

/** Put after a screen inside its Suspense boundary: starts Firebase Auth once the screen has painted. */
export function StartAuthWhenShown() {
  const config = useRuntimeConfig();
  useEffect(() => {
    // After the paint that shows the screen; the submit path starts it itself if sooner.
    const id = window.setTimeout(() => startAuth(config), 0);
    return () => window.clearTimeout(id);
  }, [config]);
  return null;
}

/**
 * Root layout: header, the sign-in role note, the current route, toasts and dialogs. Starts Firebase Auth after the first
 * render of any route but the landing page, which needs no auth (no auth code before first
 * paint). Leaving `/` for another route starts it then; a started instance is reused.
 * Every signed-in screen, remotes included, sits inside the idle-session timer; a first load
 * of `/` renders without this layout, so the landing page does not load it.
 */
export function Layout() {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const needsAuth = pathname !== '/' && !SIGN_IN_PATHS.includes(pathname);
  useEffect(() => {
    if (needsAuth) startAuth(config);
  }, [config, needsAuth]);
  useSessionSync();
  return (
    <>
      <IdleSession
        onSignedOut={(reason) =>
          // flushSync: the new location is rendered before the idle gate reopens, so the guard of the
          // page left behind never sees the signed-out store and replaces this navigation (and its notice).
          navigate(LOGIN_PATH, {
            replace: true,
            flushSync: true,
            state: reason === 'idle' ? loginNotice('idleSignedOut') : null,
          })
        }
      >
        <ShellHeader />
        <RoleCardNotice />
        <Outlet />
      </IdleSession>
      <Toaster />
      <DialogHost />
    </>
  );
}
