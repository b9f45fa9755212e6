import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ConfirmDialogHost } from '@sso/shared/ui';

/**
 * Renders a page at `url` inside a data router (useBlocker needs one) with a fresh QueryClient
 * and the confirmation-dialog host, as the shell provides them.
 */
export function renderPage(path: string, url: string, page: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <p>Halaman lain</p> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
