import type { ManagedApplication } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { useNavigate } from '@sso/shared/navigation';
import { confirm } from '@sso/shared/ui';
import { useConfirmedDelete } from '@sso/shared/ui-data';
import { appsText } from '../texts';
import { useDeleteApplication } from './api/delete-application';

/** Role Management filtered on the roles that grant an application. */
export const rolesOfApp = (appId: number) => `${appPaths.roles.list}?apps_id=${appId}`;

/**
 * Delete an application after a warning confirmation. One still granted by roles is not offered a
 * confirmation at all, as a role with users is not: the dialog says so first ("masih diberikan
 * kepada 4 role") and offers to see those roles. The api refuses the same (409, with the roles).
 */
export function useAppDeletion(onDeleted: () => void) {
  const navigate = useNavigate();
  const single = useDeleteApplication();
  const { busy, run } = useConfirmedDelete(onDeleted);
  return {
    busy,
    deleteOne: async (app: Pick<ManagedApplication, 'id' | 'name' | 'role_count'>) => {
      if (app.role_count > 0) {
        const seeRoles = await confirm({
          variant: 'warning',
          title: appsText.inUse.title(app.name),
          body: appsText.inUse.body(app.role_count),
          confirmLabel: appsText.inUse.seeRoles,
          cancelLabel: t.common.close,
        });
        if (seeRoles) void navigate(rolesOfApp(app.id));
        return false;
      }
      return run({ title: appsText.list.deleteTitle(app.name), body: appsText.list.deleteBody }, () =>
        single.mutateAsync(app.id),
      );
    },
  };
}
