import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { bulkUserStatusResponseSchema, paths, type BulkUserStatusPayload } from '@sso/shared/contract';
import { invalidateAccount } from './invalidate-account';

/** PATCH users/bulk/status: the same status for several users (all or nothing). */
export async function setUsersStatusBulk(payload: BulkUserStatusPayload) {
  return api.patch(paths.users.bulkStatus, payload, bulkUserStatusResponseSchema);
}

export function useSetUsersStatusBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUsersStatusBulk,
    onSuccess: (_answer, { ids }) => invalidateAccount(queryClient, ids),
  });
}
