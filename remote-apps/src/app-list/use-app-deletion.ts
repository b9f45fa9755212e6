import type { ManagedApplication } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { useNavigate } from '@sso/shared/navigation';
import { refuseInUse, useConfirmedDelete } from '@sso/shared/ui-data';
import { appsText } from '../texts';
import { useDeleteApplication } from './api/delete-application';

/** Role Management filtered on the roles that grant an application. */
export const rolesOfApp = (appId: number) => `${appPaths.roles.list}?apps_id=${appId}`;

/**
 * Delete an application after a warning confirmation. One still granted by roles that hold back
 * the delete (all but the administrator's own and the application administrators',
 * `blocking_role_count`) is not offered a confirmation at all, as a role with users is not: the
 * dialog says so first ("masih diberikan kepada 4 role") and offers to see the roles. The api
 * refuses the same (409, naming them).
 */
export function useAppDeletion(onDeleted: () => void) {
  const navigate = useNavigate();
  const single = useDeleteApplication();
  const { busy, run } = useConfirmedDelete(onDeleted);
  return {
    busy,
    deleteOne: async (app: Pick<ManagedApplication, 'id' | 'name' | 'blocking_role_count'>) => {
      if (app.blocking_role_count > 0)
        return refuseInUse(
          {
            title: appsText.inUse.title(app.name),
            body: appsText.inUse.body(app.blocking_role_count),
            confirmLabel: appsText.inUse.seeRoles,
          },
          () => void navigate(rolesOfApp(app.id)),
        );
      return run({ title: appsText.list.deleteTitle(app.name), body: appsText.list.deleteBody }, () =>
        single.mutateAsync(app.id),
      );
    },
  };
}
