// Development only (rspack.base.ts adds it after React Refresh's own entry): lets the Fast Refresh
// runtime of each build on the page (the host's and every remote's) refresh the one React renderer.
//
// Each build brings its own copy of react-refresh. A copy finds the renderer only if react-dom
// injected itself while that copy was listening, or if the page's DevTools hook lists it in
// `renderers`; react-refresh's stand-in hook lists nothing, so a remote loaded after react-dom
// never saw it and its edits changed nothing on screen. This hook lists the renderer, and gives it
// one refresh handler that asks every copy, so an edit in one build does not make React forget the
// components another build refreshed (federated-refresh-hook.test.ts).
(function installFederatedRefreshHook(global) {
  if (global.__ssoFederatedRefreshHook) return;
  global.__ssoFederatedRefreshHook = true;

  const handlers = new Set();
  function shareRefreshHandler(renderer) {
    if (typeof renderer.setRefreshHandler !== 'function' || renderer.__ssoSharedRefresh) return;
    const setOwnHandler = renderer.setRefreshHandler.bind(renderer);
    renderer.__ssoSharedRefresh = true;
    renderer.setRefreshHandler = (handler) => {
      if (handler) handlers.add(handler);
      setOwnHandler((type) => {
        for (const resolve of handlers) {
          const family = resolve(type);
          if (family !== undefined) return family;
        }
        return undefined;
      });
    };
  }

  let nextId = 1000;
  const hook = (global.__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= {
    renderers: new Map(),
    supportsFiber: true,
    inject: () => nextId++,
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  });
  hook.renderers.forEach(shareRefreshHandler);
  const inject = hook.inject;
  hook.inject = function injectAndList(renderer) {
    shareRefreshHandler(renderer);
    const id = inject.call(this, renderer);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
})(window);
