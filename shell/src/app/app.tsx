// The texts only this package uses (the message catalogue's shell area), before any module reads them.
import '@medora/shared/messages/shell';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { BrowserRouter } from '@medora/shared/router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RuntimeConfig } from '@medora/shared';
import { queryClient } from '@medora/shared/query';
import { getAuthInstance } from '../features/auth/api/auth-service';
import { resumeStoredSession } from '../features/auth/model/resume-session';
import { syncNotificationsWithMutations } from '../features/header/notification-sync';
import { idleLimitPassed } from '../features/idle-session/hooks/use-idle-session';
import { RuntimeConfigProvider } from '../model/runtime-config';
import { AppRoutes, createRoutes } from './routes';

let notificationsSynced = false;

/**
 * The whole app under the router: every route but a first load of the landing page. The page's one
 * QueryClient (a federation singleton) is provided here, so the remotes' queries share its cache, and
 * every successful mutation in it refreshes the notification bell.
 */
export function renderApp(root: Root, config: RuntimeConfig): void {
  if (!notificationsSynced) {
    notificationsSynced = true;
    syncNotificationsWithMutations(queryClient);
  }
  // A dashboard draws from the session kept in the browser while Firebase Auth loads (LCP), unless the
  // idle limit has ended that session.
  if (!idleLimitPassed()) {
    resumeStoredSession(config.firebase.apiKey, window.location.pathname, () => getAuthInstance(config));
  }
  const routes = createRoutes();
  // A transition, so React renders the first screen in slices that yield to the browser every few
  // milliseconds instead of one long task: on a slow phone the page stays responsive while it builds
  // (Lighthouse's total blocking time), and nothing shows later for it.
  startTransition(() =>
    root.render(
      <StrictMode>
        <RuntimeConfigProvider config={config}>
          <QueryClientProvider client={queryClient}>
            {/* Navigations render as ordinary updates, as the data router's did: the idle sign-out
                renders its navigation with flushSync (layout.tsx). */}
            <BrowserRouter useTransitions={false}>
              <AppRoutes routes={routes} />
            </BrowserRouter>
          </QueryClientProvider>
        </RuntimeConfigProvider>
      </StrictMode>,
    ),
  );
}
