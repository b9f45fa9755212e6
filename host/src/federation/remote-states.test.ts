import { MANIFEST_DESCRIPTOR_KEY, type RemoteDescriptor } from '@sso/shared/federation';
import { descriptorCache } from './descriptor-cache';
import { MANIFEST_TIMEOUT_MS, type RemoteState } from './remote-registry';
import { FIRST_RENDER_WAIT_MS, RemoteStates, type RemoteView } from './remote-states';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: () => ({ options: { name: 'host', shared: {} } }),
}));

const users = { name: 'users', entry: 'http://users.test/mf-manifest.json' };
const roles = { name: 'roles', entry: 'http://roles.test/mf-manifest.json' };
const descriptor = (name: string): RemoteDescriptor => ({
  name,
  routes: [{ path: `/${name}`, access: 'protected', module: './page' }],
  nav: [],
});
const ready = (remote: typeof users): RemoteState => ({
  ...remote,
  status: 'ready',
  descriptor: descriptor(remote.name),
});

/** A discovery per call whose answer the test gives (or never gives: a hung manifest). */
function controlledDiscover() {
  const calls: { name: string; answer: (state: RemoteState) => void; fail: (error: Error) => void }[] = [];
  const discover = jest.fn(
    (remote: typeof users) =>
      new Promise<RemoteState>((resolve, reject) => {
        calls.push({ name: remote.name, answer: resolve, fail: reject });
      }),
  );
  return { discover, calls };
}

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('RemoteStates: the first render waits for manifests only so long', () => {
  it('renders as soon as every remote has answered, before the bound', async () => {
    const { discover, calls } = controlledDiscover();
    const remotes = new RemoteStates([users, roles], discover);
    remotes.refresh([users, roles]);
    let settled = false;
    void remotes.settled(FIRST_RENDER_WAIT_MS).then(() => (settled = true));

    calls[0]!.answer(ready(users));
    await jest.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    calls[1]!.answer(ready(roles));
    await jest.advanceTimersByTimeAsync(10);
    expect(settled).toBe(true);
    expect(remotes.snapshot()).toEqual([ready(users), ready(roles)]);
    // Its bound timer is gone: nothing fires later.
    expect(jest.getTimerCount()).toBe(0);
  });

  it('resolves as soon as `enough` says the states will do, the others still pending', async () => {
    const { discover, calls } = controlledDiscover();
    const remotes = new RemoteStates([users, roles], discover);
    remotes.refresh([users, roles]);
    let settled = false;
    const usersRead = (states: RemoteView[]) =>
      states.some((s) => s.name === 'users' && s.status === 'ready');
    void remotes.settled(FIRST_RENDER_WAIT_MS, usersRead).then(() => (settled = true));

    calls[1]!.answer(ready(roles));
    await jest.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    calls[0]!.answer(ready(users));
    await jest.advanceTimersByTimeAsync(10);
    expect(settled).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not wait for a hung remote past the bound: it is pending, then joins when it answers', async () => {
    const { discover, calls } = controlledDiscover();
    descriptorCache.write(descriptor('users'));
    const remotes = new RemoteStates([users, roles], discover);
    remotes.refresh([users, roles]);
    let settled = false;
    void remotes.settled(FIRST_RENDER_WAIT_MS).then(() => (settled = true));
    calls[1]!.answer(ready(roles));

    await jest.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    // Its routes are known from the last good descriptor: they wait instead of a 404.
    expect(remotes.snapshot()).toEqual([
      { ...users, status: 'pending', descriptor: descriptor('users') },
      ready(roles),
    ]);

    const listener = jest.fn();
    remotes.subscribe(listener);
    calls[0]!.answer(ready(users));
    await jest.advanceTimersByTimeAsync(0);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(remotes.snapshot()).toEqual([ready(users), ready(roles)]);
  });

  it('a pending remote never seen before has no routes yet', async () => {
    const { discover } = controlledDiscover();
    const remotes = new RemoteStates([users], discover);
    remotes.refresh([users]);
    const settled = remotes.settled(FIRST_RENDER_WAIT_MS);
    await jest.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS);
    await settled;
    expect(remotes.snapshot()).toEqual([{ ...users, status: 'pending' }]);
  });
});

describe('RemoteStates: reading a remote again (retry)', () => {
  it('keeps what the remote showed while it is read again, and takes the new answer', async () => {
    const { discover, calls } = controlledDiscover();
    const remotes = new RemoteStates([users], discover);
    remotes.refresh([users]);
    calls[0]!.answer({ ...users, status: 'stale', descriptor: descriptor('users'), error: 'down' });
    await jest.advanceTimersByTimeAsync(0);

    remotes.refresh([users]);
    expect(remotes.snapshot()).toEqual([{ ...users, status: 'pending', descriptor: descriptor('users') }]);
    calls[1]!.answer(ready(users));
    await jest.advanceTimersByTimeAsync(0);
    expect(remotes.snapshot()).toEqual([ready(users)]);
  });

  it('ignores an older read that settles after a newer one', async () => {
    const { discover, calls } = controlledDiscover();
    const remotes = new RemoteStates([users], discover);
    remotes.refresh([users]);
    remotes.refresh([users]);
    calls[1]!.answer(ready(users));
    await jest.advanceTimersByTimeAsync(0);
    // The first read (e.g. the start's, timed out) gives up after the retry succeeded.
    calls[0]!.answer({ ...users, status: 'failed', error: 'manifest of users: no answer' });
    await jest.advanceTimersByTimeAsync(0);
    expect(remotes.snapshot()).toEqual([ready(users)]);
  });

  it('turns a read that throws into a failed remote (no unhandled rejection)', async () => {
    const { discover, calls } = controlledDiscover();
    const remotes = new RemoteStates([users], discover);
    remotes.refresh([users]);
    calls[0]!.fail(new Error('boom'));
    await jest.advanceTimersByTimeAsync(0);
    expect(remotes.snapshot()).toEqual([{ ...users, status: 'failed', error: 'boom' }]);
  });
});

describe('RemoteStates with the real registry: a hung manifest is given up within a bound', () => {
  function manifest(name: string) {
    return JSON.stringify({
      name,
      metaData: { publicPath: 'auto', [MANIFEST_DESCRIPTOR_KEY]: descriptor(name) },
    });
  }

  it('renders the others at once, fails the hung one after two timed-out reads, and cancels them', async () => {
    const signals: AbortSignal[] = [];
    const fetchMock = jest.fn((url: string, init?: RequestInit) => {
      if (url === roles.entry) {
        return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(manifest('roles')) });
      }
      // users: accepts the request and never answers.
      if (init?.signal) signals.push(init.signal);
      return new Promise(() => {});
    });
    Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });

    const remotes = new RemoteStates([users, roles]);
    remotes.refresh([users, roles]);
    let settled = false;
    void remotes.settled(FIRST_RENDER_WAIT_MS).then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS);
    expect(settled).toBe(true);
    expect(remotes.snapshot().map((s) => s.status)).toEqual(['pending', 'ready']);

    await jest.advanceTimersByTimeAsync(2 * MANIFEST_TIMEOUT_MS - FIRST_RENDER_WAIT_MS);
    expect(remotes.snapshot()[0]).toEqual({
      ...users,
      status: 'failed',
      error: `manifest of users: no answer within ${MANIFEST_TIMEOUT_MS} ms`,
    });
    // Two reads, each cancelled when it timed out: no hung request keeps a connection.
    expect(signals).toHaveLength(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });
});
