import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteDescriptor } from '@sso/shared/federation';
import { App } from './app';
import type { RemoteState } from './federation/remote-registry';
import { RemoteStates } from './federation/remote-states';
import { publicPageReady } from './routing/build-routes';

const mockLoadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: () => null,
  loadRemote: (id: string) => mockLoadRemote(id),
}));

const auth = { name: 'auth', entry: 'http://auth.test/mf-manifest.json' };
const descriptor: RemoteDescriptor = {
  name: 'auth',
  routes: [{ path: '/login', access: 'public-only', module: './login' }],
  nav: [],
};
const ready: RemoteState = { ...auth, status: 'ready', descriptor };

function LoginPage() {
  return <h1>Masuk</h1>;
}

/** The auth remote's reads, answered by the test. */
function remotesAtLogin() {
  const answers: ((state: RemoteState) => void)[] = [];
  const discover = jest.fn(() => new Promise<RemoteState>((resolve) => answers.push(resolve)));
  const remotes = new RemoteStates([auth], discover);
  remotes.refresh([auth]);
  window.history.pushState({}, '', '/login');
  render(<App remotes={remotes} />);
  const answer = (state: RemoteState) =>
    act(async () => {
      answers.at(-1)?.(state);
      await Promise.resolve();
    });
  return { discover, answer };
}

afterEach(() => {
  jest.restoreAllMocks();
});

beforeEach(() => {
  window.localStorage.clear();
  mockLoadRemote.mockReset();
  mockLoadRemote.mockResolvedValue({ default: LoginPage });
});

test('a remote that answers after the first render takes over its address (no reload)', async () => {
  const { answer } = remotesAtLogin();
  // Not known yet: the address waits instead of "not found".
  expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  expect(screen.queryByText('Halaman tidak ditemukan')).not.toBeInTheDocument();

  await answer(ready);
  expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeInTheDocument();
  expect(mockLoadRemote).toHaveBeenCalledWith('auth/login');
});

test('a remote that could not be read falls back; Coba lagi reads it again and only then loads its page', async () => {
  const user = userEvent.setup();
  const { discover, answer } = remotesAtLogin();
  await answer({ ...auth, status: 'failed', error: 'manifest of auth: HTTP 503' });
  expect(await screen.findByText('Modul tidak dapat dimuat')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
  expect(discover).toHaveBeenCalledTimes(2);
  expect(mockLoadRemote).not.toHaveBeenCalled();
  await answer(ready);
  expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeInTheDocument();
});

test('a known remote that could not be read shows the fallback at its routes without loading its code', async () => {
  const { answer } = remotesAtLogin();
  await answer({ ...auth, status: 'stale', descriptor, error: 'manifest of auth: no answer within 5000 ms' });
  expect(await screen.findByText('Modul tidak dapat dimuat')).toBeInTheDocument();
  expect(mockLoadRemote).not.toHaveBeenCalled();
});

test('a page that fails to load falls back; Coba lagi reads the remote again and loads the page afresh', async () => {
  const user = userEvent.setup();
  // The boundary reports what it caught.
  jest.spyOn(console, 'error').mockImplementation(() => {});
  // A page no other test loaded (loaded pages are remembered for the page's life).
  const route = { path: '/login', access: 'public-only', module: './login-again' } as const;
  const again: RemoteState = { ...ready, descriptor: { ...descriptor, routes: [route] } };
  mockLoadRemote.mockRejectedValueOnce(new Error('ChunkLoadError: 404'));
  const { discover, answer } = remotesAtLogin();
  await answer(again);
  expect(await screen.findByText('Modul tidak dapat dimuat')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
  expect(discover).toHaveBeenCalledTimes(2);
  await answer(again);
  expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeInTheDocument();
  expect(mockLoadRemote.mock.calls).toEqual([['auth/login-again'], ['auth/login-again']]);
});

test('a login form rendered before another remote answered keeps what was typed when that remote joins', async () => {
  const user = userEvent.setup();
  function TypedLogin() {
    return (
      <label>
        NIK
        <input />
      </label>
    );
  }
  mockLoadRemote.mockResolvedValue({ default: TypedLogin });
  const usersRemote = { name: 'users', entry: 'http://users.test/mf-manifest.json' };
  const answers = new Map<string, (state: RemoteState) => void>();
  const discover = jest.fn(
    (remote: { name: string }) => new Promise<RemoteState>((resolve) => answers.set(remote.name, resolve)),
  );
  const remotes = new RemoteStates([auth, usersRemote], discover);
  remotes.refresh([auth, usersRemote]);
  window.history.pushState({}, '', '/login');
  // A page no other test loaded (loaded pages are remembered for the page's life).
  const typed: RemoteState = {
    ...ready,
    descriptor: {
      ...descriptor,
      routes: [{ path: '/login', access: 'public-only', module: './login-typed' }],
    },
  };
  await act(async () => answers.get('auth')?.(typed));
  // The public page of a read remote: the first render need not wait for the users remote.
  expect(publicPageReady(remotes.snapshot(), '/login')).toBe(true);
  render(<App remotes={remotes} />);
  await user.type(await screen.findByRole('textbox', { name: 'NIK' }), '100001');

  await act(async () =>
    answers.get('users')?.({
      ...usersRemote,
      status: 'ready',
      descriptor: {
        name: 'users',
        routes: [{ path: '/user-management', access: 'protected', module: './user-list' }],
        nav: [],
      },
    }),
  );
  expect(screen.getByRole('textbox', { name: 'NIK' })).toHaveValue('100001');
});

test('publicPageReady: only a public page of a remote whose manifest was read', () => {
  const protectedRoute = { path: '/home-x', access: 'protected', module: './x' } as const;
  const states = [
    { ...ready, descriptor: { ...descriptor, routes: [...descriptor.routes, protectedRoute] } },
  ];
  expect(publicPageReady(states, '/login')).toBe(true);
  expect(publicPageReady(states, '/home-x')).toBe(false);
  expect(publicPageReady([{ ...auth, status: 'pending', descriptor }], '/login')).toBe(false);
  expect(publicPageReady([{ ...auth, status: 'stale', descriptor, error: 'down' }], '/login')).toBe(false);
});
