/**
 * @jest-environment jsdom
 *
 * Regression (ADR 0008): with `pnpm dev`, editing a remote's page inside the host changed nothing on
 * screen, because the remote's copy of react-refresh, loaded after react-dom, never learned of the
 * renderer. Two real copies of the runtime stand for the host's and a remote's build.
 */
/** The part of react-refresh/runtime a build's refresh entry and modules use. */
interface Runtime {
  injectIntoGlobalHook(global: Window): void;
  register(type: unknown, id: string): void;
  performReactRefresh(): unknown;
}
interface Hook {
  inject(renderer: unknown): number;
  onCommitFiberRoot(id: number, root: unknown): void;
}

function freshRuntime(): Runtime {
  let runtime: Runtime | undefined;
  jest.isolateModules(() => {
    runtime = jest.requireActual<Runtime>('react-refresh/runtime');
  });
  if (!runtime) throw new Error('react-refresh/runtime did not load');
  return runtime;
}

function installHook(): void {
  jest.isolateModules(() => {
    jest.requireActual('./federated-refresh-hook.js');
  });
}

const globals = window as unknown as Record<string, unknown>;

/** react-dom as the hook sees it; `handler` is the refresh handler React would consult. */
function fakeRenderer() {
  const renderer = {
    handler: null as ((type: unknown) => unknown) | null,
    scheduleRefresh: jest.fn(),
    setRefreshHandler(handler: (type: unknown) => unknown) {
      renderer.handler = handler;
    },
  };
  return renderer;
}

const mountedRoot = () => ({ current: { alternate: null, memoizedState: { element: {} } } });

function pageLoad() {
  delete globals.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  delete globals.__ssoFederatedRefreshHook;
  // The host's build: its refresh entry runs first, then this hook, then react-dom injects itself.
  const host = freshRuntime();
  host.injectIntoGlobalHook(window);
  installHook();
  const hook = globals.__REACT_DEVTOOLS_GLOBAL_HOOK__ as Hook;
  const renderer = fakeRenderer();
  const id = hook.inject(renderer);
  const root = mountedRoot();
  hook.onCommitFiberRoot(id, root);
  // A remote's build loads later, with its own runtime; the page renders its components after that.
  const remote = freshRuntime();
  remote.injectIntoGlobalHook(window);
  hook.onCommitFiberRoot(id, root);
  return { host, remote, renderer, root };
}

/** A component edited on disk: its module runs again and registers a new version; the build refreshes. */
function edit(runtime: Runtime, id: string) {
  const before = () => null;
  const after = () => null;
  runtime.register(before, id);
  runtime.register(after, id);
  runtime.performReactRefresh();
  return { before, after };
}

test("a remote's runtime loaded after react-dom refreshes the page's root", () => {
  const { remote, renderer, root } = pageLoad();
  edit(remote, 'users/user-list-page.tsx %default%');
  expect(renderer.scheduleRefresh).toHaveBeenCalledWith(
    root,
    expect.objectContaining({ updatedFamilies: expect.any(Set) }),
  );
});

test("a host refresh after a remote's keeps the remote's components resolved (one handler asks every runtime)", () => {
  const { host, remote, renderer } = pageLoad();
  const remotePage = edit(remote, 'remote page');
  const hostLayout = edit(host, 'host layout');
  expect(renderer.handler?.(remotePage.before)).toEqual(
    expect.objectContaining({ current: remotePage.after }),
  );
  expect(renderer.handler?.(hostLayout.before)).toEqual(
    expect.objectContaining({ current: hostLayout.after }),
  );
});
