import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { endedResponseSchema, paths } from '@sso/shared/contract';
import { invalidateAccount } from './invalidate-account';

/** DELETE users/{id}/sessions: ends every session of a user ("Keluarkan dari semua sesi"). */
export async function endUserSessions(userId: number) {
  return api.delete(paths.users.sessions(userId), endedResponseSchema);
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    onSuccess: (_answer, userId) => invalidateAccount(queryClient, [userId]),
  });
}
