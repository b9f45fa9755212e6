import { earlyRequestsSent } from './early-config';

afterEach(() => {
  delete window.__ssoEarly;
  jest.useRealTimers();
});

/** Whether `promise` has settled after the pending tasks and timers have run. */
async function settledAfterTimers(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await jest.runAllTimersAsync();
  return settled;
}

describe('earlyRequestsSent: the app evaluates once the page script has sent the manifests’ requests', () => {
  it('waits for the page script to have read the config and sent them', async () => {
    jest.useFakeTimers();
    let sent!: (byEntry: Record<string, Promise<string>>) => void;
    window.__ssoEarly = { manifests: new Promise((resolve) => (sent = resolve)) };
    const waiting = earlyRequestsSent();
    expect(await settledAfterTimers(waiting)).toBe(false);
    sent({});
    expect(await settledAfterTimers(waiting)).toBe(true);
  });

  it('goes on when the page script failed (no config): the app reports it', async () => {
    jest.useFakeTimers();
    window.__ssoEarly = { manifests: Promise.reject(new Error('config 500')) };
    expect(await settledAfterTimers(earlyRequestsSent())).toBe(true);
  });

  it('goes on at once without a page script', async () => {
    jest.useFakeTimers();
    expect(await settledAfterTimers(earlyRequestsSent())).toBe(true);
  });

  it('hands over in a task of its own, not in the continuation of the manifests’ promise', async () => {
    jest.useFakeTimers();
    window.__ssoEarly = { manifests: Promise.resolve({}) };
    let settled = false;
    void earlyRequestsSent().then(() => (settled = true));
    // Every microtask runs, no timer: still waiting for its own task.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(settled).toBe(false);
    await jest.runAllTimersAsync();
    expect(settled).toBe(true);
  });
});
