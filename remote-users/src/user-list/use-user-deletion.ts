import { useState } from 'react';
import { ApiError } from '@sso/shared/api';
import type { User } from '@sso/shared/contract';
import { getProductName, t } from '@sso/shared/i18n';
import { confirm, toast } from '@sso/shared/ui';
import { texts } from '../texts';
import { useDeleteUser } from './api/delete-user';
import { useDeleteUsersBulk } from './api/delete-users-bulk';

/**
 * Delete one user or the selected ones after the warning dialog of spec 8; on success the
 * server's message is shown and `onDeleted` runs (close the drawer, clear the selection); the
 * mutations reload the list.
 */
export function useUserDeletion(onDeleted: () => void) {
  const single = useDeleteUser();
  const bulk = useDeleteUsersBulk();
  const [busy, setBusy] = useState(false);

  const run = async (title: string, action: () => Promise<{ message: string }>) => {
    const confirmed = await confirm({
      variant: 'warning',
      title,
      body: t.users.deleteBody(getProductName()),
      confirmLabel: t.common.delete,
      cancelLabel: t.common.cancel,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const response = await action();
      toast.success(response.message);
      onDeleted();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : texts.deleteFailed);
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    deleteOne: (user: User) => run(t.users.deleteTitle(user.nama), () => single.mutateAsync(user.id)),
    deleteMany: (ids: number[]) => run(texts.bulkDeleteTitle(ids.length), () => bulk.mutateAsync(ids)),
  };
}
