import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { ConfirmDialogHost, Toaster } from '@sso/shared/ui';

/** Where the router went (every other route renders it), for assertions on navigation. */
function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** Keeps the router's current location where the test can read it. */
function Track({ into }: { into: { location: Location | null } }) {
  // eslint-disable-next-line react-hooks/immutability -- a test probe, written on every render
  into.location = useLocation();
  return null;
}

/**
 * Renders a page element at `path` (opened at `url`, default `path`) as the shell hosts it: a router
 * (declarative, as the host's), a new QueryClient without retries, the toasts and the confirmation
 * dialogs. Any other route renders its path in `data-testid="location"`; `location()` is where the
 * router is now.
 */
export function renderRoute(
  element: ReactElement,
  { path = '/', url = path }: { path?: string; url?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const probe: { location: Location | null } = { location: null };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Track into={probe} />
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
  const location = (): Location => {
    if (!probe.location) throw new Error('the router has not rendered');
    return probe.location;
  };
  return { ...view, location, queryClient };
}

/**
 * Waits for a list page's first answer (`ListView`): its table no longer shows the first load's
 * placeholder rows (it shows rows, the empty state or an error).
 */
export const listAnswered = () =>
  waitFor(() => expect(screen.queryByRole('table', { busy: true })).not.toBeInTheDocument());
