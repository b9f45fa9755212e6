import { api } from '@sso/shared/api';
import { deleteResponseSchema, paths, type DeleteResponse } from '@sso/shared/contract';
import { useWriteMutation } from '@sso/shared/query';
import { invalidateApplications } from '../../api/invalidate';

/** DELETE applications/delete/{id}; an application a role still grants answers 409 naming the roles. */
export function deleteApplication(id: number): Promise<DeleteResponse> {
  return api.delete(paths.applications.remove(id), deleteResponseSchema);
}

export function useDeleteApplication() {
  return useWriteMutation(deleteApplication, invalidateApplications);
}
