import { api } from '@sso/shared/api';
import { deleteResponseSchema, paths, type DeleteResponse } from '@sso/shared/contract';
import { roleKeys, useWriteMutation } from '@sso/shared/query';

/** DELETE role/delete/bulk with `{ ids }`: all or nothing (409 if any role still has members). */
export function deleteRoles(ids: number[]): Promise<DeleteResponse> {
  return api.delete(paths.roles.bulkRemove, deleteResponseSchema, { ids });
}

export function useDeleteRoles() {
  return useWriteMutation(deleteRoles, roleKeys.all());
}
