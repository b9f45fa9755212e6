import { api } from '@sso/shared/api';
import { bulkUserStatusResponseSchema, paths, type BulkUserStatusPayload } from '@sso/shared/contract';
import { useAccountMutation } from './account-mutation';

/** PATCH users/bulk/status: the same status for several users (all or nothing). */
export async function setUsersStatusBulk(payload: BulkUserStatusPayload) {
  return api.patch(paths.users.bulkStatus, payload, bulkUserStatusResponseSchema);
}

export const useSetUsersStatusBulk = () => useAccountMutation(setUsersStatusBulk, ({ ids }) => ids);
