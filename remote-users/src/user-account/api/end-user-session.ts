import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { endedResponseSchema, paths } from '@sso/shared/contract';
import { invalidateAccount } from './invalidate-account';

/** DELETE users/{id}/sessions/{sessionId}: ends one session of a user. */
export async function endUserSession({ userId, sessionId }: { userId: number; sessionId: number }) {
  return api.delete(paths.users.session(userId, sessionId), endedResponseSchema);
}

export function useEndUserSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSession,
    onSuccess: (_answer, { userId }) => invalidateAccount(queryClient, [userId]),
  });
}
