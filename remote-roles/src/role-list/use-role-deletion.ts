import type { Role } from '@sso/shared/contract';
import { useConfirmedDelete } from '@sso/shared/ui-data';
import { rolesText } from '../texts';
import { useDeleteRole } from './api/delete-role';
import { useDeleteRoles } from './api/delete-roles';

/** Delete one role or the selected ones after a warning confirmation (see useConfirmedDelete). */
export function useRoleDeletion(onDeleted: () => void) {
  const single = useDeleteRole();
  const bulk = useDeleteRoles();
  const { busy, run } = useConfirmedDelete(onDeleted);
  return {
    busy,
    deleteOne: (role: Role) =>
      run({ title: rolesText.list.deleteTitle(role.name), body: rolesText.list.deleteBody }, () =>
        single.mutateAsync(role.id),
      ),
    deleteMany: (ids: number[]) =>
      run({ title: rolesText.list.bulkDeleteTitle(ids.length), body: rolesText.list.bulkDeleteBody }, () =>
        bulk.mutateAsync(ids),
      ),
  };
}
