import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { endedResponseSchema, paths } from '@sso/shared/contract';
import { invalidateAccount } from './invalidate-account';

/** DELETE users/{id}/lock: lifts the sign-in lock of the guessing throttle ("Buka blokir"). */
export async function liftUserLock(userId: number) {
  return api.delete(paths.users.lock(userId), endedResponseSchema);
}

export function useLiftUserLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftUserLock,
    onSuccess: (_answer, userId) => invalidateAccount(queryClient, [userId]),
  });
}
