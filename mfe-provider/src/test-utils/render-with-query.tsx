import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@medora/shared/query';

/** `render` inside a fresh QueryClient (no retries, no cache shared between tests). */
export function renderWithQuery(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...render(ui, { ...options, wrapper }) };
}
