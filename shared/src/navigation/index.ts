/**
 * The router surface of remotes and of the shared kit: the few components and hooks they use,
 * backed by the host's router. Shared as one singleton instead of react-router itself, so the host
 * bundles react-router once, tree-shaken to what it and this facade use (ADR 0006); links and hooks
 * in a remote still drive the host's one router. Need another router API? Add it here.
 *
 * The host uses react-router's declarative router (no data router, ADR 0006), so navigation
 * blocking is the facade's own: `Link` and `useNavigate` from here ask `useBlocker`'s blockers
 * first, and the back and forward buttons are caught before the router sees them.
 */
export { Navigate, useLocation, useParams, useSearchParams, type NavigateFunction } from 'react-router';
export { Link, useNavigate, useBlocker, type LinkProps, type Blocker } from './guarded';
export type { BlockerFunction, GuardedLocation, HistoryAction } from './blocking';
