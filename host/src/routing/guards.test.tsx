import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SESSION_KEY, writeSession } from '@sso/shared/session';
import { RedirectIfSession, RequireSession } from './guards';

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
  renderAt('/login');
  expect(screen.getByText('login form')).toBeInTheDocument();
});
