import { api } from '@sso/shared/api';
import { endedResponseSchema, paths } from '@sso/shared/contract';
import { useAccountMutation } from './account-mutation';

/** DELETE users/{id}/sessions: ends every session of a user ("Keluarkan dari semua sesi"). */
export async function endUserSessions(userId: number) {
  return api.delete(paths.users.sessions(userId), endedResponseSchema);
}

export const useEndUserSessions = () => useAccountMutation(endUserSessions, (userId) => [userId]);
