import { api } from '@sso/shared/api';
import { deleteResponseSchema, paths, type DeleteResponse } from '@sso/shared/contract';
import { userKeys, useWriteMutation } from '@sso/shared/query';

/** DELETE users/{id}. */
export async function deleteUser(id: number): Promise<DeleteResponse> {
  return api.delete(paths.users.remove(id), deleteResponseSchema);
}

/** Deletes one user, then reloads every users list (spec 4: "Deleting reloads the list"). */
export function useDeleteUser() {
  return useWriteMutation(deleteUser, userKeys.lists());
}
