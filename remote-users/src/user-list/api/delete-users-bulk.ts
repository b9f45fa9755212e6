import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  deleteResponseSchema,
  paths,
  type BulkDeletePayload,
  type DeleteResponse,
} from '@sso/shared/contract';
import { userKeys } from '@sso/shared/query';

/** DELETE users/bulk with `{ ids }` (all or nothing). */
export async function deleteUsersBulk(ids: number[]): Promise<DeleteResponse> {
  const body: BulkDeletePayload = { ids };
  return api.delete(paths.users.bulkRemove, deleteResponseSchema, body);
}

export function useDeleteUsersBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsersBulk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
