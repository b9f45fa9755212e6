import type { Privilege } from '../access/privilege';
import type { AppContext } from '../context';
import { routeFor } from '../http/route';

/** What the users routes share (their table's setup): the app and one set of privilege rules. */
export interface UsersEnv {
  ctx: AppContext;
  privilege: Privilege;
}

/** Declares a route of the users table (user-routes.ts, lifecycle/, bulk/, the two-step reset). */
export const userRoute = routeFor<UsersEnv>();
