import type { Role } from '@sso/shared/contract';
import { useNavigate } from '@sso/shared/navigation';
import { refuseInUse, useConfirmedDelete } from '@sso/shared/ui-data';
import { rolesText } from '../texts';
import { useDeleteRole } from './api/delete-role';
import { useDeleteRoles } from './api/delete-roles';
import { usersOfRole } from './role-detail-drawer';

/**
 * Delete one role or the selected ones after a warning confirmation (see useConfirmedDelete). A
 * role that still has users is not offered a confirmation at all: the dialog says so first ("Role
 * ini masih dipakai oleh 14 user") and offers to see those users, or, for a selection, to take the
 * roles in use out of it. The api refuses the same (409).
 */
export function useRoleDeletion(onDeleted: () => void, onDeselect: (ids: number[]) => void) {
  const navigate = useNavigate();
  const single = useDeleteRole();
  const bulk = useDeleteRoles();
  const { busy, run } = useConfirmedDelete(onDeleted);
  return {
    busy,
    deleteOne: async (role: Role) => {
      if (role.member_count > 0)
        return refuseInUse(
          {
            title: rolesText.inUse.title(role.name),
            body: rolesText.inUse.body(role.member_count),
            confirmLabel: rolesText.inUse.seeUsers,
          },
          () => void navigate(usersOfRole(role.id)),
        );
      return run({ title: rolesText.list.deleteTitle(role.name), body: rolesText.list.deleteBody }, () =>
        single.mutateAsync(role.id),
      );
    },
    deleteMany: async (roles: readonly Role[]) => {
      const inUse = roles.filter((role) => role.member_count > 0);
      if (inUse.length > 0)
        return refuseInUse(
          {
            title: rolesText.inUse.bulkTitle,
            body: rolesText.inUse.bulkBody(
              inUse.map((role) => `${role.name} (${role.member_count} user)`).join(', '),
            ),
            confirmLabel: rolesText.inUse.deselect,
          },
          () => onDeselect(inUse.map((role) => role.id)),
        );
      const ids = roles.map((role) => role.id);
      return run(
        { title: rolesText.list.bulkDeleteTitle(ids.length), body: rolesText.list.bulkDeleteBody },
        () => bulk.mutateAsync(ids),
      );
    },
  };
}
