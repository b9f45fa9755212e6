import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, userResponseSchema, type UserPayload, type UserResponse } from '@sso/shared/contract';
import { userKeys } from '@sso/shared/query';

/** POST users. */
export async function createUser(payload: UserPayload): Promise<UserResponse> {
  return api.post(paths.users.create, payload, userResponseSchema);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
