import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteDescriptor } from '@sso/shared/federation';
import { App } from './app';
import type { RemoteState } from './federation/remote-registry';
import { RemoteStates } from './federation/remote-states';

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
