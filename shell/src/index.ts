import { isAccountPath } from './app/account-routes';
import { startEarlyFetches } from './early-fetch';

startEarlyFetches();
// The async boundary: shared singletons are negotiated before any app code runs (no `eager`).
// index.html preloads this chunk and the singletons it consumes (BootPreloadPlugin).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
// Every route but a first load of `/` boots the router app, and a signed-in area cannot show anything
// before Firebase Auth has read the session: start both downloads now, beside the boot chunk, instead
// of after it has run (each waits for the share scope like the boot chunk; nothing runs early).
const { pathname } = window.location;
// Only a head start: bootstrap's own import of each reports a failure (the 'Loading chunk failed' page).
const early = () => undefined;
if (pathname !== '/') import(/* webpackChunkName: "app" */ './app/app').catch(early);
if (isAccountPath(pathname))
  import(/* webpackChunkName: "firebase-auth" */ './features/auth/firebase').catch(early);
