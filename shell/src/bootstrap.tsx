import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { api, authStore } from '@medora/shared';
import { registerMedoraRemotes } from './features/remotes/register-remotes';
import { loadRuntimeConfig, RuntimeConfigProvider } from './app/runtime-config';
import { createRoutes } from './app/routes';

async function main(): Promise<void> {
  const config = await loadRuntimeConfig();
  api.configure({ baseUrl: config.apiBaseUrl, getToken: () => authStore.getState().getIdToken() });
  registerMedoraRemotes(config);
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
