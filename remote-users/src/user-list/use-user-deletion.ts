import type { User } from '@sso/shared/contract';
import { getProductName, t } from '@sso/shared/i18n';
import { useConfirmedDelete } from '@sso/shared/ui-data';
import { texts } from '../texts';
import { useDeleteUser } from './api/delete-user';
import { useDeleteUsersBulk } from './api/delete-users-bulk';

/** Delete one user or the selected ones after the warning dialog of spec 8 (see useConfirmedDelete). */
export function useUserDeletion(onDeleted: () => void) {
  const single = useDeleteUser();
  const bulk = useDeleteUsersBulk();
  const { busy, run } = useConfirmedDelete(onDeleted);
  const body = t.users.deleteBody(getProductName());
  return {
    busy,
    deleteOne: (user: User) =>
      run({ title: t.users.deleteTitle(user.nama), body }, () => single.mutateAsync(user.id)),
    deleteMany: (ids: number[]) =>
      run({ title: texts.bulkDeleteTitle(ids.length), body }, () => bulk.mutateAsync(ids)),
  };
}
