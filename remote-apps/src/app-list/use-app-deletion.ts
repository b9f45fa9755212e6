import type { ManagedApplication } from '@sso/shared/contract';
import { useConfirmedDelete } from '@sso/shared/ui-data';
import { appsText } from '../texts';
import { useDeleteApplication } from './api/delete-application';

/** Delete an application after a warning confirmation; a 409 shows the roles that still grant it. */
export function useAppDeletion(onDeleted: () => void) {
  const single = useDeleteApplication();
  const { busy, run } = useConfirmedDelete(onDeleted);
  return {
    busy,
    deleteOne: (app: Pick<ManagedApplication, 'id' | 'name'>) =>
      run({ title: appsText.list.deleteTitle(app.name), body: appsText.list.deleteBody }, () =>
        single.mutateAsync(app.id),
      ),
  };
}
