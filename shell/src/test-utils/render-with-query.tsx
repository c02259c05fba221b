import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@medora/shared/query';

/** `render` inside a fresh QueryClient (no retries, no cache shared between tests), or the one given. */
export function renderWithQuery(
  ui: ReactElement,
  {
    client = createQueryClient(),
    ...options
  }: Omit<RenderOptions, 'wrapper'> & { client?: QueryClient } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...render(ui, { ...options, wrapper }) };
}
