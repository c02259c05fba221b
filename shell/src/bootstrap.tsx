// The texts only this package uses (the message catalogue's shell area), before any module reads them.
import '@medora/shared/messages/shell';
// The design tokens (CSS custom properties), once for the page and every remote on it.
import '@medora/shared/tokens.css';
// The page's global classes (buttons, utilities, toasts), shared with the remotes.
import '@medora/shared/kit.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { api, authStore, provideRemoteRoute, REMOTE_MODULES } from '@medora/shared';
import { registerMedoraRemotes } from './features/remotes/register-remotes';
import { RemoteRoute } from './features/remotes/remote-route';
import { loadRuntimeConfig, RuntimeConfigProvider } from './model/runtime-config';
import { RuntimeConfigErrorPage } from './app/runtime-config-error';

async function main(): Promise<void> {
  const config = await loadRuntimeConfig().catch(() => null);
  if (!config) {
    // No settings, no app (and no sign-in against a guessed project).
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <RuntimeConfigErrorPage />
      </StrictMode>,
    );
    return;
  }
  api.configure({ baseUrl: config.apiBaseUrl, getToken: (force) => authStore.getState().getIdToken(force) });
  registerMedoraRemotes(config);
  // Remotes that mount another remote (the dashboard's Book tab) use this one loader.
  provideRemoteRoute(RemoteRoute);
  const root = createRoot(document.getElementById('root')!);
  if (window.location.pathname === '/') {
    // A first load of the landing page needs neither the router nor auth (150 KB budget, LCP):
    // the landing remote alone, in its error boundary. Its links load the next page, which boots the
    // full app. Start fetching the remote now rather than when the element mounts.
    loadRemote(REMOTE_MODULES.landing.LandingPage).catch(() => undefined);
    root.render(
      <StrictMode>
        <RuntimeConfigProvider config={config}>
          <RemoteRoute request={REMOTE_MODULES.landing.LandingPage} />
        </RuntimeConfigProvider>
      </StrictMode>,
    );
    return;
  }
  if (process.env.NODE_ENV !== 'production') {
    // Development builds check every answer against its schema; webpack's production
    // mode compiles this branch out, so zod never joins a production page or the landing page.
    void import('@medora/shared/schemas').then(({ checkResponse }) =>
      api.configure({ validateResponse: checkResponse }),
    );
  }
  const { renderApp } = await import(/* webpackChunkName: "app" */ './app/app');
  renderApp(root, config);
}

void main();
