import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, userAccountResponseSchema, type UserStatusPayload } from '@sso/shared/contract';
import { invalidateAccount } from './invalidate-account';

/** PATCH users/{id}/status: activate or deactivate one user, with an optional reason. */
export async function setUserStatus({ id, ...payload }: UserStatusPayload & { id: number }) {
  return api.patch(paths.users.status(id), payload, userAccountResponseSchema);
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: (_answer, { id }) => invalidateAccount(queryClient, [id]),
  });
}
