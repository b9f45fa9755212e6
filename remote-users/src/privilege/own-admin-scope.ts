import type { AdminScope } from '@sso/shared/contract';
import { useSession } from '@sso/shared/session';
import { useRoleOptions } from '../reference-data/get-role-options';

/**
 * The signed-in administrator's own scope (issue 32): their role's `admin_scope` from GET role/all
 * (the session names their role). "group" while unknown: the api decides either way.
 */
export function useOwnAdminScope(): AdminScope {
  const session = useSession();
  const roles = useRoleOptions();
  const own = roles.data?.find((role) => String(role.id) === String(session?.role_id ?? ''));
  return own?.admin_scope ?? 'group';
}
