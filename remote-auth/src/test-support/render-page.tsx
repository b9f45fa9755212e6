import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Session } from '@sso/shared/session';

/** Shows where the router went, for assertions on navigation. */
function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders one auth page at `path` with a fresh QueryClient; other routes render their path. */
export function renderPage(page: ReactElement, path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A session as the login chain returns it, with overrides. */
export function createSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 1,
    nik: '100001',
    name: 'Admin',
    email: 'admin@example.com',
    access_token: 'access',
    session_token: 'session',
    token: 'token',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    ...overrides,
  };
}
