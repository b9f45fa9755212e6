import { api } from '@sso/shared/api';
import {
  deleteResponseSchema,
  paths,
  type BulkDeletePayload,
  type DeleteResponse,
} from '@sso/shared/contract';
import { userKeys, useWriteMutation } from '@sso/shared/query';

/** DELETE users/bulk with `{ ids }` (all or nothing). */
export async function deleteUsersBulk(ids: number[]): Promise<DeleteResponse> {
  const body: BulkDeletePayload = { ids };
  return api.delete(paths.users.bulkRemove, deleteResponseSchema, body);
}

export function useDeleteUsersBulk() {
  return useWriteMutation(deleteUsersBulk, userKeys.lists());
}
