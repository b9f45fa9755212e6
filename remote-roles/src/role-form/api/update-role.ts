import { api } from '@sso/shared/api';
import { paths, roleResponseSchema, type RoleResponse, type RoleUpdatePayload } from '@sso/shared/contract';
import { type RecordUpdate, roleKeys, useWriteMutation } from '@sso/shared/query';

/** PATCH role/update/{id} with the fields that changed and the version they were read at. */
export function updateRole({ id, payload }: RecordUpdate<RoleUpdatePayload>): Promise<RoleResponse> {
  return api.patch(paths.roles.update(id), payload, roleResponseSchema);
}

export function useUpdateRole() {
  return useWriteMutation(updateRole, roleKeys.all());
}
