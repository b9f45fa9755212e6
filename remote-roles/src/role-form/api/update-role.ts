import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, roleResponseSchema, type RolePayload, type RoleResponse } from '@sso/shared/contract';
import { roleKeys } from '@sso/shared/query';

/** PATCH role/update/{id} with the whole role payload of spec 3. */
export function updateRole({ id, payload }: { id: number; payload: RolePayload }): Promise<RoleResponse> {
  return api.patch(paths.roles.update(id), payload, roleResponseSchema);
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all() }),
  });
}
