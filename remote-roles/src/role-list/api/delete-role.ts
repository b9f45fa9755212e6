import { api } from '@sso/shared/api';
import { deleteResponseSchema, paths, type DeleteResponse } from '@sso/shared/contract';
import { roleKeys, useWriteMutation } from '@sso/shared/query';

/** DELETE role/delete/{id}; a role that still has members answers 409 with the reason. */
export function deleteRole(id: number): Promise<DeleteResponse> {
  return api.delete(paths.roles.remove(id), deleteResponseSchema);
}

export function useDeleteRole() {
  return useWriteMutation(deleteRole, roleKeys.all());
}
