import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteRequirement } from '@sso/shared/federation';
import { clearSession, isExpired, useAccess, useSession } from '@sso/shared/session';
import { NoAccessPage } from '../pages/no-access-page';

/**
 * Protected: an unauthenticated (or expired) visitor is sent to '/' and the stored session is
 * cleared (spec 2). A session that expires while the page is open is handled the same way.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const expired = session ? isExpired(session) : false;

  useEffect(() => {
    if (!session) return;
    if (expired) {
      clearSession();
      return;
    }
    if (typeof session.expires_at !== 'number') return;
    const ms = session.expires_at * 1000 - Date.now() + 1000;
    // setTimeout overflows past ~24.8 days: check again later instead.
    const timer = setTimeout(
      () => {
        if (isExpired(session)) clearSession();
      },
      Math.min(ms, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [session, expired]);

  if (!session || expired) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** Public-only: a logged-in user goes to /home (spec 2). */
export function RedirectIfSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session && !isExpired(session)) return <Navigate to="/home" replace />;
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
