import { api } from '@sso/shared/api';
import { endedResponseSchema, paths } from '@sso/shared/contract';
import { useAccountMutation } from './account-mutation';

/** DELETE users/{id}/sessions/{sessionId}: ends one session of a user. */
export async function endUserSession({ userId, sessionId }: { userId: number; sessionId: number }) {
  return api.delete(paths.users.session(userId, sessionId), endedResponseSchema);
}

export const useEndUserSession = () => useAccountMutation(endUserSession, ({ userId }) => [userId]);
