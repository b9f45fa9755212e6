import { useMemo } from 'react';
import type { RoleOption, User } from '@sso/shared/contract';
import { useSession, type Session } from '@sso/shared/session';
import { useRoleOptions } from '../reference-data/get-role-options';

/**
 * What the signed-in user may do to other users beyond their level (issue 18, ADR 0007): give a
 * role, or edit or delete a user holding it, only when their own role covers it (role/all answers
 * `assignable`, computed by the api from the shared rule); never delete their own account or change
 * their own role. The api refuses the same; the panel leaves out what it would refuse.
 */
export interface UserPrivilege {
  /** Whether the role may be given (a backend without `assignable` leaves it to the api). False until the roles are read. */
  mayGive: (roleId: number) => boolean;
  /** Whether the user's account may be edited or deleted (its role is covered). */
  mayTouch: (user: Pick<User, 'role_id'>) => boolean;
  /** Whether this is the signed-in user's own account. */
  isSelf: (user: Pick<User, 'id'>) => boolean;
}

export function userPrivilege(
  roles: readonly RoleOption[] | undefined,
  session: Session | null,
): UserPrivilege {
  const byId = new Map((roles ?? []).map((role) => [role.id, role]));
  // Until the roles are read nothing is offered: a button that would be refused is worse than a late one.
  const mayGive = (roleId: number) => {
    const role = byId.get(roleId);
    return role !== undefined && role.assignable !== false;
  };
  return {
    mayGive,
    mayTouch: (user) => mayGive(user.role_id),
    isSelf: (user) =>
      session?.id !== undefined && session.id !== null && String(session.id) === String(user.id),
  };
}

export function useUserPrivilege(): UserPrivilege {
  const roles = useRoleOptions();
  const session = useSession();
  return useMemo(() => userPrivilege(roles.data, session), [roles.data, session]);
}
