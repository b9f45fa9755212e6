import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, roleResponseSchema, type RolePayload, type RoleResponse } from '@sso/shared/contract';
import { roleKeys } from '@sso/shared/query';

/** POST role/create with the role payload of spec 3; answers the saved role and a message. */
export function createRole(payload: RolePayload): Promise<RoleResponse> {
  return api.post(paths.roles.create, payload, roleResponseSchema);
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all() }),
  });
}
