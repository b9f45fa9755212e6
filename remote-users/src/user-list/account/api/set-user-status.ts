import { api } from '@sso/shared/api';
import { paths, userAccountResponseSchema, type UserStatusPayload } from '@sso/shared/contract';
import { useAccountMutation } from './account-mutation';

/** PATCH users/{id}/status: activate or deactivate one user, with an optional reason. */
export async function setUserStatus({ id, ...payload }: UserStatusPayload & { id: number }) {
  return api.patch(paths.users.status(id), payload, userAccountResponseSchema);
}

export const useSetUserStatus = () => useAccountMutation(setUserStatus, ({ id }) => [id]);
