import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { ConfirmDialogHost, Toaster } from '@sso/shared/ui';

/**
 * jsdom has no Fetch API; the data router only builds a Request (url, method, signal) per
 * navigation when no route has a loader, so a minimal stand-in is enough here.
 */
if (typeof globalThis.Request === 'undefined') {
  class TestRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.defineProperty(globalThis, 'Request', { value: TestRequest, configurable: true, writable: true });
}

/** Where the router went (every other route renders it), for assertions on navigation. */
function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/**
 * Renders a page element at `path` (opened at `url`, default `path`) as the shell hosts it: a data
 * router (useBlocker needs one), a new QueryClient without retries, the toasts and the confirmation
 * dialogs. Any other route renders its path in `data-testid="location"`.
 */
export function renderRoute(
  element: ReactElement,
  { path = '/', url = path }: { path?: string; url?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
