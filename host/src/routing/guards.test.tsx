import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, PANEL_MENU } from '@sso/shared/contract';
import { SESSION_KEY, writeSession } from '@sso/shared/session';
import { signInAs } from '@sso/shared/testing';
import { RedirectIfSession, RequireAccess, RequireSession } from './guards';

const now = () => Math.floor(Date.now() / 1000);
const session = (expiresIn: number) => ({
  access_token: 'a',
  session_token: 's',
  expires_at: now() + expiresIn,
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>handoff</p>} />
        <Route path="/home" element={<p>home</p>} />
        <Route
          path="/login"
          element={
            <RedirectIfSession>
              <p>login form</p>
            </RedirectIfSession>
          }
        />
        <Route
          path="/user-management"
          element={
            <RequireSession>
              <p>users page</p>
            </RequireSession>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  window.localStorage.clear();
  jest.useRealTimers();
});

test('protected: without a session the visitor goes to /', () => {
  renderAt('/user-management');
  expect(screen.getByText('handoff')).toBeInTheDocument();
});

test('protected: a corrupted stored session is cleared and the visitor goes to /', () => {
  window.localStorage.setItem(SESSION_KEY, '{"access_token": 42');
  renderAt('/user-management');
  expect(screen.getByText('handoff')).toBeInTheDocument();
  expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
});

test('protected: an expired session is cleared and the visitor goes to /', () => {
  writeSession(session(-10));
  renderAt('/user-management');
  expect(screen.getByText('handoff')).toBeInTheDocument();
  expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
});

test('protected: a valid session sees the page, and leaves for / when it expires', () => {
  jest.useFakeTimers();
  writeSession(session(5));
  renderAt('/user-management');
  expect(screen.getByText('users page')).toBeInTheDocument();
  act(() => {
    jest.advanceTimersByTime(7000);
  });
  expect(screen.getByText('handoff')).toBeInTheDocument();
  expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
});

test('public-only: a logged-in user goes to /home', () => {
  writeSession(session(3600));
  renderAt('/login');
  expect(screen.getByText('home')).toBeInTheDocument();
});

test('public-only: a visitor sees the form, and an expired session does not count as logged in', () => {
  window.localStorage.setItem(SESSION_KEY, JSON.stringify(session(-10)));
  renderAt('/login');
  expect(screen.getByText('login form')).toBeInTheDocument();
});

describe('RequireAccess', () => {
  const renderGuarded = (capability: 'view' | 'create') =>
    render(
      <MemoryRouter initialEntries={['/tambah-user']}>
        <Routes>
          <Route path="/home" element={<p>home</p>} />
          <Route
            path="/tambah-user"
            element={
              <RequireAccess requires={{ menu: PANEL_MENU.userCreate, capability }}>
                <p>user form</p>
              </RequireAccess>
            }
          />
        </Routes>
      </MemoryRouter>,
    );

  test.each([
    [ACCESS_LEVEL.owner, true],
    [ACCESS_LEVEL.modifier, true],
    [ACCESS_LEVEL.viewer, false],
    [null, false],
  ] as const)('level %s may open a create page: %s', (level, allowed) => {
    signInAs(level);
    renderGuarded('create');
    expect(screen.queryByText('user form') !== null).toBe(allowed);
    expect(screen.queryByText('Anda tidak memiliki akses ke halaman ini') !== null).toBe(!allowed);
  });

  test('the no-access page offers a way back to Home', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    renderGuarded('create');
    await userEvent.click(screen.getByRole('link', { name: 'Kembali ke Home' }));
    expect(screen.getByText('home')).toBeInTheDocument();
  });

  test('a viewer may open a view page', () => {
    signInAs(ACCESS_LEVEL.viewer);
    renderGuarded('view');
    expect(screen.getByText('user form')).toBeInTheDocument();
  });
});
