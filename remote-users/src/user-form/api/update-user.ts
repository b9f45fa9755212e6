import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, userResponseSchema, type UserPayload, type UserResponse } from '@sso/shared/contract';
import { userKeys } from '@sso/shared/query';

/** PATCH users/{id} with the whole payload. */
export async function updateUser({
  id,
  payload,
}: {
  id: number;
  payload: UserPayload;
}): Promise<UserResponse> {
  return api.patch(paths.users.update(id), payload, userResponseSchema);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
