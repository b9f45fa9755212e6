import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@sso/shared/navigation';
import type { RouteRequirement } from '@sso/shared/federation';
import { useAccess, useSession } from '@sso/shared/session';
import { NoAccessPage } from '../pages/no-access-page';

/**
 * Protected: an unauthenticated visitor is sent to '/' (spec 2). Expiry is the session store's:
 * an expired session reads as none (and is cleared), also when it expires while the page is open.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * Public-only: a logged-in user goes to /home (spec 2), except on a sign-in another application
 * asked for through the SSO (`?sso=`, ADR 0015): that one is the login screen's to answer.
 */
export function RedirectIfSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const { search } = useLocation();
  if (session && !new URLSearchParams(search).has('sso')) return <Navigate to="/home" replace />;
  return <>{children}</>;
}

/**
 * A protected route that needs a menu grant: below the level, the no-access page (the page's code
 * is not even loaded). The api refuses the same calls; this keeps the user from a form they cannot
 * save.
 */
export function RequireAccess({ requires, children }: { requires: RouteRequirement; children: ReactNode }) {
  const access = useAccess(requires.menu);
  if (!access.can(requires.capability)) return <NoAccessPage />;
  return <>{children}</>;
}
