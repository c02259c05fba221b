import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { authStore, MAIL_LINK_PATHS } from '@medora/shared';
import { DialogHost } from '../components/dialog-host';
import { SkipLink } from '../components/skip-link';
import { Toaster } from '../components/toaster';
import { RoleCardNotice } from '../features/auth/components/role-card-notice';
import { useSessionSync } from '../features/auth/hooks/use-session-sync';
import { loginNotice } from '../features/auth/model/login-notice';
import { LOGIN_PATH } from '../features/guards/require-sign-in';
import { IdleSession } from '../features/idle-session/components/idle-session';
import { useRuntimeConfig } from './runtime-config';
import css from './layout.module.css';

// The headers (bell, account menu) are not needed on the landing page: keep them out of its first load.
const AccountHeader = lazy(() =>
  import('../features/header/headers').then((m) => ({ default: m.AccountHeader })),
);
const SiteHeader = lazy(() => import('../features/header/headers').then((m) => ({ default: m.SiteHeader })));

/** Routes that carry the patient header bar. */
export const PATIENT_ROUTES = ['/dashboard', '/form', '/book-appointment', '/settings'];

/** The staff's routes, with the same header bar. */
export const STAFF_ROUTES = ['/admin', '/provider-dashboard', '/doctor-onboarding'];

/** Every route with the account header: bell and account menu. */
export const ACCOUNT_ROUTES = [...PATIENT_ROUTES, ...STAFF_ROUTES];

/** The public pages with the simple header whoever is signed in (sign-in, sign-up, a mail link's page). */
export const SITE_ROUTES = [
  '/patient-login',
  '/provider-login',
  '/doctor-signup',
  MAIL_LINK_PATHS.unsubscribe,
  '/dev',
];

const under = (pathname: string, routes: readonly string[]) =>
  routes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * Which header a path gets: none on the landing page (the landing remote has its own sticky header),
 * the account header bar in the patient and staff areas, and on any other page (the 404 page) for a
 * signed-in account, so its navigation stays; the simple one elsewhere.
 */
export function headerFor(pathname: string, signedIn: boolean): 'none' | 'account' | 'site' {
  if (pathname === '/') return 'none';
  if (under(pathname, ACCOUNT_ROUTES)) return 'account';
  return signedIn && !under(pathname, SITE_ROUTES) ? 'account' : 'site';
}

/** The shell's header for the current path (headerFor). It stays when a remote fails. */
export function ShellHeader() {
  const { pathname } = useLocation();
  const signedIn = useStore(authStore, (s) => s.user !== null && s.profile !== null);
  const kind = headerFor(pathname, signedIn);
  if (kind === 'none') return null;
  return (
    <Suspense fallback={<div className={css.headerPlaceholder} aria-hidden="true" />}>
      {kind === 'account' ? <AccountHeader /> : <SiteHeader />}
    </Suspense>
  );
}

/**
 * Root layout: the skip link, header, the sign-in role note, the current route, toasts and dialogs. Starts Firebase Auth after the first
 * render of any route but the landing page, which needs no auth (no auth code before first
 * paint). Leaving `/` for another route starts it then; a started instance is reused.
 * Every signed-in screen, remotes included, sits inside the idle-session timer; a first load
 * of `/` renders without this layout, so the landing page does not load it.
 */
export function Layout() {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const needsAuth = useLocation().pathname !== '/';
  useEffect(() => {
    if (!needsAuth) return;
    void import('../features/auth/firebase')
      .then(({ startFirebaseAuth }) => startFirebaseAuth(config))
      .catch((error: unknown) => console.error('[medora] Firebase Auth failed to start', error));
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
        <SkipLink />
        <ShellHeader />
        <RoleCardNotice />
        <Outlet />
      </IdleSession>
      <Toaster />
      <DialogHost />
    </>
  );
}
