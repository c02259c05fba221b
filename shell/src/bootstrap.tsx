import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { api, authStore, REMOTE_MODULES } from '@medora/shared';
import { registerMedoraRemotes } from './features/remotes/register-remotes';
import { loadRuntimeConfig, RuntimeConfigProvider } from './app/runtime-config';
import { createRoutes } from './app/routes';

async function main(): Promise<void> {
  const config = await loadRuntimeConfig();
  api.configure({ baseUrl: config.apiBaseUrl, getToken: () => authStore.getState().getIdToken() });
  registerMedoraRemotes(config);
  if (window.location.pathname === '/') {
    // The landing page is the largest paint of `/` (issue 8, LCP): start fetching its remote now, while
    // React renders the shell, instead of when its route element mounts. The route's own loadRemote
    // gets the same module; a failure here is reported by the route's error boundary, not twice.
    loadRemote(REMOTE_MODULES.landing.LandingPage).catch(() => undefined);
  }
  const router = createBrowserRouter(createRoutes());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RuntimeConfigProvider config={config}>
        <RouterProvider router={router} />
      </RuntimeConfigProvider>
    </StrictMode>,
  );
}

void main();
