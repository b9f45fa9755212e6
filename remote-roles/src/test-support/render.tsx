import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
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

/**
 * Renders a page element at `path` inside a data router (useBlocker needs one), a new QueryClient
 * per test, and the shell's toasts and confirmation dialogs. Other routes render their path.
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
      { path: '*', element: <p>Halaman lain</p> },
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

/** A settled query result for a mocked hook (tests only). */
export function settled<T>(data: T) {
  return {
    data,
    isPending: false,
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    error: null,
    refetch: jest.fn(),
  };
}
