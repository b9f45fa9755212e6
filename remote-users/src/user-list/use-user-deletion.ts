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
    /** `users`: the selected users, named in the question (up to five and how many more). */
    deleteMany: (users: readonly Pick<User, 'id' | 'nama'>[]) => {
      const ids = users.map((user) => user.id);
      const who = texts.namedUsers(
        users.map((user) => user.nama),
        ids.length,
      );
      return run(
        { title: texts.bulkDeleteTitle(ids.length), body: `${texts.bulkUsersLine(who)} ${body}` },
        () => bulk.mutateAsync(ids),
      );
    },
  };
}
