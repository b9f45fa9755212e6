import { api } from '@sso/shared/api';
import { paths, userResponseSchema, type UserPayload, type UserResponse } from '@sso/shared/contract';
import { userKeys, useWriteMutation } from '@sso/shared/query';

/** POST users. */
export async function createUser(payload: UserPayload): Promise<UserResponse> {
  return api.post(paths.users.create, payload, userResponseSchema);
}

export function useCreateUser() {
  return useWriteMutation(createUser, userKeys.lists());
}
