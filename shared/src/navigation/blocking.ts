/**
 * Navigation blocking without a data router (ADR 0006): the facade's `Link` and `useNavigate` ask
 * the mounted blockers before navigating, and the browser's back and forward buttons are caught
 * on `popstate` before the router sees them, then undone until the user decides.
 */

/** A location as blockers see it. */
export interface GuardedLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type HistoryAction = 'PUSH' | 'REPLACE' | 'POP';

export type BlockerFunction = (args: {
  currentLocation: GuardedLocation;
  nextLocation: GuardedLocation;
  historyAction: HistoryAction;
}) => boolean;

/** What a blocked navigation offers: go on with it, or stay. */
export interface BlockedTransition {
  location: GuardedLocation;
  proceed: () => void;
  reset: () => void;
}

export interface BlockerEntry {
  shouldBlock: BlockerFunction;
  /** The location the router shows to this blocker's component. */
  current: () => GuardedLocation;
  onBlocked: (transition: BlockedTransition | null) => void;
}

const entries = new Set<BlockerEntry>();

/**
 * Asks every mounted blocker about a navigation. When one blocks, it receives the transition and
 * true is returned: the caller must not navigate; `proceed` runs `retry`.
 */
export function blockNavigation(
  nextLocation: GuardedLocation,
  historyAction: HistoryAction,
  retry: () => void,
): boolean {
  for (const entry of entries) {
    if (!entry.shouldBlock({ currentLocation: entry.current(), nextLocation, historyAction })) continue;
    entry.onBlocked({
      location: nextLocation,
      proceed: () => {
        entry.onBlocked(null);
        retry();
      },
      reset: () => entry.onBlocked(null),
    });
    return true;
  }
  return false;
}

/** The router's own index of the current history entry (react-router keeps it in history.state). */
function historyIndex(): number | undefined {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return undefined;
  return typeof state.idx === 'number' ? state.idx : undefined;
}

function windowLocation(): GuardedLocation {
  const state: unknown = window.history.state;
  const entry = typeof state === 'object' && state !== null ? state : {};
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: 'usr' in entry ? entry.usr : null,
    key: 'key' in entry && typeof entry.key === 'string' ? entry.key : 'default',
  };
}

/** Index of the entry the router shows (what a blocked back/forward returns to). */
let shownIndex: number | undefined;
/** The next popstate is our own undo of a blocked one: the router must not see it. */
let swallowNext = false;
/** The next popstate is a blocked one the user let through. */
let letNextThrough = false;

function onPopState(event: PopStateEvent): void {
  if (swallowNext) {
    swallowNext = false;
    event.stopImmediatePropagation();
    return;
  }
  const nextIndex = historyIndex();
  if (letNextThrough) {
    letNextThrough = false;
    shownIndex = nextIndex;
    return;
  }
  if (entries.size === 0 || nextIndex === undefined || shownIndex === undefined) {
    shownIndex = nextIndex;
    return;
  }
  const delta = nextIndex - shownIndex;
  const blocked = blockNavigation(windowLocation(), 'POP', () => {
    letNextThrough = true;
    window.history.go(delta);
  });
  if (!blocked) {
    shownIndex = nextIndex;
    return;
  }
  // Keep the router on the page it shows and put the address back where it was.
  event.stopImmediatePropagation();
  swallowNext = true;
  window.history.go(-delta);
}

// Listeners on the window run in the order they were added, so this one must come before the
// router's: it is added when this module is evaluated, which is before any router mounts (the
// modules that render a router import this facade).
if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);

/** Registers a blocker; returns its removal. */
export function addBlocker(entry: BlockerEntry): () => void {
  entries.add(entry);
  return () => {
    entries.delete(entry);
  };
}

/** Called by mounted blockers whenever the router's location changes. */
export function noteShownEntry(): void {
  shownIndex = historyIndex();
}
