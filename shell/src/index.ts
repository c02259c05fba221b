import { isAccountPath, SIGN_IN_PATHS } from './app/account-routes';
import { resumesStoredSession, startEarlyFetches } from './early-fetch';

const config = startEarlyFetches();
// The async boundary: shared singletons are negotiated before any app code runs (no `eager`).
// index.html preloads this chunk and the singletons it consumes (BootPreloadPlugin).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
// Every route but a first load of `/` boots the router app, and a signed-in area that has no stored
// session to draw from cannot show anything before Firebase Auth has read it: start those downloads
// now, beside the boot chunk, instead of after it has run (each waits for the share scope like the
// boot chunk; nothing runs early). A dashboard drawn from the stored session loads Firebase Auth after
// its screen, so it does not compete with the page's own code.
const { pathname } = window.location;
// Only a head start: bootstrap's own import of each reports a failure (the 'Loading chunk failed' page).
const early = () => undefined;
if (pathname !== '/') {
  import(/* webpackChunkName: "app" */ './app/app').catch(early);
  // The route's first screen, which the app would ask for only once it runs: a sign-in screen's form,
  // the signed-in areas' header.
  if (SIGN_IN_PATHS.includes(pathname)) import('./features/auth/components/login-page').catch(early);
  if (isAccountPath(pathname)) import('./features/header/account-header').catch(early);
}
if (isAccountPath(pathname)) {
  void config
    .then((body) =>
      resumesStoredSession(pathname, body)
        ? undefined
        : import(/* webpackChunkName: "firebase-auth" */ './features/auth/firebase'),
    )
    .catch(early);
}
