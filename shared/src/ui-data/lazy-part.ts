import { useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code loads on first need: the overlay primitives (menus, tooltips, dialogs) and
 * the virtualizer stay out of a list page's first load (issue 8). Not `React.lazy`: React holds a
 * revealed Suspense boundary back for up to 300 ms, which users would feel on every first open.
 *
 * `preload()` starts the load early (hover, focus); `useLoaded(needed)` returns the component once
 * it is there and re-renders the caller when it arrives. A failed load leaves the caller's plain
 * fallback in place; the next need tries again.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;

  function start(): Promise<ComponentType<P>> {
    pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  }

  function useLoaded(needed: boolean): ComponentType<P> | undefined {
    const [, setArrivals] = useState(0);
    useEffect(() => {
      if (!needed || loaded) return;
      let live = true;
      start().then(
        () => live && setArrivals((n) => n + 1),
        (error: unknown) => console.error('[ui-data] a lazy part failed to load', error),
      );
      return () => {
        live = false;
      };
    }, [needed]);
    return needed ? loaded : undefined;
  }

  return {
    preload(): void {
      start().catch(() => undefined);
    },
    useLoaded,
  };
}
