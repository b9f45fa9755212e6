import { toApiError } from '@sso/shared/api';
import type { Role } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { confirm, toast } from '@sso/shared/ui';
import { rolesText } from '../texts';
import { useDeleteRole } from './api/delete-role';
import { useDeleteRoles } from './api/delete-roles';

/**
 * Delete one role or several, each after a warning confirmation. Success: the server's message as a
 * toast (the list reloads through the mutation). Failure, e.g. 409 for a role that still has
 * members: the server's message. Resolves true when something was deleted.
 */
export function useRoleDeletion() {
  const deleteOne = useDeleteRole();
  const deleteMany = useDeleteRoles();

  async function run(ask: Parameters<typeof confirm>[0], action: () => Promise<{ message: string }>) {
    if (
      !(await confirm({
        variant: 'warning',
        confirmLabel: t.common.delete,
        cancelLabel: t.common.cancel,
        ...ask,
      }))
    ) {
      return false;
    }
    try {
      toast.success((await action()).message);
      return true;
    } catch (e) {
      toast.error(toApiError(e).message);
      return false;
    }
  }

  return {
    busy: deleteOne.isPending || deleteMany.isPending,
    deleteRole: (role: Role) =>
      run({ title: rolesText.list.deleteTitle(role.name), body: rolesText.list.deleteBody }, () =>
        deleteOne.mutateAsync(role.id),
      ),
    deleteRoles: (ids: number[]) =>
      run({ title: rolesText.list.bulkDeleteTitle(ids.length), body: rolesText.list.bulkDeleteBody }, () =>
        deleteMany.mutateAsync(ids),
      ),
  };
}
