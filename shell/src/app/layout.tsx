import { lazy, Suspense, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { Outlet, useLocation, useNavigate } from '@medora/shared/router';
import { useStore } from 'zustand';
import { authStore, MAIL_LINK_PATHS } from '@medora/shared';
import { afterNextPaint } from '@medora/shared/ui';
import { DialogHost } from '../components/dialog-host';
import { SkipLink } from '../components/skip-link';
import { Toaster } from '../components/toaster';
import { RoleCardNotice } from '../features/auth/components/role-card-notice';
import { drawsBeforeAuth, earlyApiSettled } from '../early-fetch';
import { useSessionSync } from '../features/auth/hooks/use-session-sync';
import { SiteHeader } from '../features/header/site-header';
import { loginNotice } from '../features/auth/model/login-notice';
import { LOGIN_PATH } from '../features/guards/require-sign-in';
import { IdleSession } from '../features/idle-session/components/idle-session';
import type { RuntimeConfig } from '@medora/shared';
import { useRuntimeConfig } from '../model/runtime-config';
import { isAccountPath, SIGN_IN_PATHS } from './account-routes';
import css from './layout.module.css';

// The account header (bell, account menu) loads on demand; the site header (a logo) is part of the app,
// so a sign-in screen paints with its header and waits for no second chunk.
const AccountHeader = lazy(() =>
  import('../features/header/account-header').then((m) => ({ default: m.AccountHeader })),
);

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
  if (isAccountPath(pathname)) return 'account';
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

function startAuth(config: RuntimeConfig): void {
  void import(/* webpackChunkName: "firebase-auth" */ '../features/auth/firebase')
    .then(({ startFirebaseAuth }) => startFirebaseAuth(config))
    .catch((error: unknown) => console.error('[medora] Firebase Auth failed to start', error));
}

/** Put after a screen inside its Suspense boundary: starts Firebase Auth once the screen has painted. */
export function StartAuthWhenShown() {
  const config = useRuntimeConfig();
  useEffect(() => {
    // Once the first screen's data sent early has answered and the screen drawn from it has painted
    // (its 45 KB would otherwise compete with that screen: docs/performance.md), and then when the
    // page has nothing more urgent to run (the bound keeps a busy page from putting it off for long);
    // a sign-in or an API call needing a fresh token starts it itself if sooner.
    let cancel = () => {};
    let live = true;
    void earlyApiSettled().then(() => {
      if (!live) return;
      cancel = afterNextPaint(() => {
        if (typeof window.requestIdleCallback !== 'function') {
          startAuth(config);
          return;
        }
        const id = window.requestIdleCallback(() => startAuth(config), { timeout: 1000 });
        cancel = () => window.cancelIdleCallback(id);
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [config]);
  return null;
}

/**
 * Root layout: the skip link, header, the sign-in role note, the current route, toasts and dialogs. Starts Firebase Auth after the first
 * render of any route but the landing page, which needs no auth (no auth code before first
 * paint), and the sign-in screens and resumed dashboards, which start it once shown. Leaving `/` for
 * another route starts it then; a started instance is reused.
 * Every signed-in screen, remotes included, sits inside the idle-session timer; a first load
 * of `/` renders without this layout, so the landing page does not load it.
 */
export function Layout() {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const resumed = useStore(authStore, (s) => s.provisional);
  // A dashboard drawn from the stored session starts it once its screen has shown (`StartAuthWhenShown`).
  const needsAuth =
    pathname !== '/' && !SIGN_IN_PATHS.includes(pathname) && !(resumed && drawsBeforeAuth(pathname));
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
          // The router applies a navigation synchronously (`useTransitions={false}` in app.tsx), so
          // React's flushSync renders it at once.
          flushSync(() =>
            navigate(LOGIN_PATH, {
              replace: true,
              state: reason === 'idle' ? loginNotice('idleSignedOut') : null,
            }),
          )
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
