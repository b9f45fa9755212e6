import { api } from '@sso/shared/api';
import { paths, roleResponseSchema, type RolePayload, type RoleResponse } from '@sso/shared/contract';
import { roleKeys, useWriteMutation } from '@sso/shared/query';

/** POST role/create with the role payload of spec 3; answers the saved role and a message. */
export function createRole(payload: RolePayload): Promise<RoleResponse> {
  return api.post(paths.roles.create, payload, roleResponseSchema);
}

export function useCreateRole() {
  return useWriteMutation(createRole, roleKeys.all());
}
