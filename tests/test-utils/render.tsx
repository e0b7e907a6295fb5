import { QueryClient } from '@tanstack/react-query';
import { render as testingLibraryRender, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../../src/app/AppProviders';

/** A QueryClient that fails fast, so tests see errors instead of waiting on retries. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/**
 * Renders inside the app's providers (Mantine, a fresh QueryClient unless one is given, the
 * wallet adapter).
 */
export function render(
  ui: ReactElement,
  {
    queryClient = createTestQueryClient(),
    ...options
  }: Omit<RenderOptions, 'wrapper'> & { queryClient?: QueryClient } = {},
) {
  const result = testingLibraryRender(ui, {
    ...options,
    wrapper: ({ children }) => <AppProviders queryClient={queryClient}>{children}</AppProviders>,
  });
  return { ...result, queryClient };
}

export { screen, within, waitFor } from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';
