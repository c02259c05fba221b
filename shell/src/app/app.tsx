import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '@medora/shared';
import { RuntimeConfigProvider } from './runtime-config';
import { createRoutes } from './routes';

/** The whole app under the router: every route but a first load of the landing page. */
export function renderApp(root: Root, config: RuntimeConfig): void {
  const router = createBrowserRouter(createRoutes());
  root.render(
    <StrictMode>
      <RuntimeConfigProvider config={config}>
        <RouterProvider router={router} />
      </RuntimeConfigProvider>
    </StrictMode>,
  );
}
