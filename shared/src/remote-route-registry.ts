import type { RemoteModuleProps, RemoteRequest } from './remotes.js';

/**
 * Props of the shell's remote route for one request (a value of `REMOTE_MODULES`): the request,
 * `embedded` when it mounts inside another page rather than as the page, and the props
 * `RemoteModuleProps` gives that request's component.
 */
export type RemoteRouteProps<Q extends RemoteRequest> = RemoteModuleProps[Q] & {
  request: Q;
  /** Inside another page (a tab): the failure is a section with a level-2 heading, not a `<main>`. */
  embedded?: boolean;
};

let remoteRoute: unknown;

/**
 * The one remote loader on the page is the shell's `RemoteRoute` (error boundary, Suspense, the
 * 'Loading chunk failed' page with Retry, the shell's federation instance that has every remote
 * registered). A remote that mounts another remote (the dashboard's Book tab) cannot import the shell's
 * source; @medora/shared is a federation singleton, so the shell provides its component here at boot
 * (like the auth store) and the remote reads it. Typed without React: shared stays React-free.
 */
export function provideRemoteRoute(component: unknown): void {
  remoteRoute = component;
}

/**
 * The component the shell provided; `C` is the React component type the caller renders it as.
 * Undefined outside the shell (a remote's standalone development mount).
 */
export function providedRemoteRoute<C>(): C | undefined {
  return remoteRoute as C | undefined;
}
