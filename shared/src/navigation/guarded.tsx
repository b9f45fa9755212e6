import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type MouseEvent,
} from 'react';
import {
  Link as RouterLink,
  resolvePath,
  useLocation,
  useNavigate as useRouterNavigate,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type To,
} from 'react-router';
import {
  addBlocker,
  blockNavigation,
  noteShownEntry,
  type BlockedTransition,
  type BlockerFunction,
  type GuardedLocation,
} from './blocking';

/** The same states as react-router's data-router blocker, so callers did not change (ADR 0006). */
export type Blocker =
  | { state: 'unblocked'; proceed: undefined; reset: undefined; location: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void; location: GuardedLocation };

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

function guardedLocation(location: Location): GuardedLocation {
  const { pathname, search, hash, state, key } = location;
  return { pathname, search, hash, state, key };
}

/**
 * Asks the mounted blockers about going from `from` to `to`; true when one blocked it (the
 * navigation then runs with `navigate` on `proceed`).
 */
function blocked(
  to: To,
  from: Location,
  options: NavigateOptions | undefined,
  navigate: NavigateFunction,
): boolean {
  // Where `to` leads (absolute and relative paths as the router resolves links).
  const next: GuardedLocation = {
    ...resolvePath(to, from.pathname),
    state: options?.state ?? null,
    key: 'next',
  };
  return blockNavigation(next, options?.replace ? 'REPLACE' : 'PUSH', () => void navigate(to, options));
}

/** The router's navigate, asking the mounted blockers first; a blocked call runs on `proceed`. */
export function useNavigate(): NavigateFunction {
  const navigate = useRouterNavigate();
  const location = useLocation();
  const current = useRef(location);
  useLayoutEffect(() => {
    current.current = location;
  }, [location]);
  return useCallback<NavigateFunction>(
    (to: To | number, options?: NavigateOptions) => {
      // Back and forward are caught on popstate.
      if (typeof to === 'number') return navigate(to);
      if (blocked(to, current.current, options, navigate)) return;
      return navigate(to, options);
    },
    [navigate],
  );
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export type LinkProps = ComponentPropsWithRef<typeof RouterLink>;

/** react-router's Link, asking the mounted blockers before it navigates. */
export function Link(props: LinkProps) {
  const { onClick, to, replace, state, target, reloadDocument } = props;
  const navigate = useRouterNavigate();
  const location = useLocation();
  return (
    <RouterLink
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || !isPlainLeftClick(event, target)) return;
        if (blocked(to, location, { replace, state }, navigate)) event.preventDefault();
      }}
    />
  );
}

/**
 * Blocks navigation while `shouldBlock` says so: links and `navigate` of this facade, and the
 * browser's back and forward buttons. Leaving the page (reload, closing the tab) is the
 * `beforeunload` event's (useLeaveConfirmation).
 */
export function useBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  const location = useLocation();
  const [blocked, setBlocked] = useState<BlockedTransition | null>(null);
  const latest = useRef({ shouldBlock, location });
  useLayoutEffect(() => {
    latest.current = { shouldBlock, location };
    noteShownEntry();
  }, [shouldBlock, location]);
  useLayoutEffect(
    () =>
      addBlocker({
        shouldBlock: (args) => {
          const rule = latest.current.shouldBlock;
          return typeof rule === 'function' ? rule(args) : rule;
        },
        current: () => guardedLocation(latest.current.location),
        onBlocked: setBlocked,
      }),
    [],
  );
  // One object per state, as react-router's: callers run effects on it.
  return useMemo<Blocker>(
    () =>
      blocked
        ? { state: 'blocked', proceed: blocked.proceed, reset: blocked.reset, location: blocked.location }
        : UNBLOCKED,
    [blocked],
  );
}
