import { createElement, useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code loads on first render, or earlier through `preload`. Not React.lazy:
 * Suspense holds a resolved boundary back for up to 300 ms (ADR 0006). Renders nothing until the
 * code is there; a failed load reaches the nearest error boundary and the next render tries again.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;

  function preload(): Promise<ComponentType<P>> {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  }

  function Lazy(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() =>
      loaded ? { component: loaded } : {},
    );
    useEffect(() => {
      if (state.component) return;
      let live = true;
      preload().then(
        (component) => live && setState({ component }),
        (error: unknown) => live && setState({ error }),
      );
      return () => {
        live = false;
      };
    }, [state.component]);
    if (state.error) throw state.error;
    return state.component ? createElement(state.component, props) : null;
  }

  return Object.assign(Lazy, { preload: () => void preload().catch(() => undefined) });
}
