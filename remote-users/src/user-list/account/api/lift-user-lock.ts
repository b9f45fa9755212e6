import { api } from '@sso/shared/api';
import { endedResponseSchema, paths } from '@sso/shared/contract';
import { useAccountMutation } from './account-mutation';

/** DELETE users/{id}/lock: lifts the sign-in lock of the guessing throttle ("Buka blokir"). */
export async function liftUserLock(userId: number) {
  return api.delete(paths.users.lock(userId), endedResponseSchema);
}

export const useLiftUserLock = () => useAccountMutation(liftUserLock, (userId) => [userId]);
