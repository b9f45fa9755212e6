import { api } from '@sso/shared/api';
import { paths, userResponseSchema, type UserResponse, type UserUpdatePayload } from '@sso/shared/contract';
import { type RecordUpdate, userKeys, useWriteMutation } from '@sso/shared/query';

/** PATCH users/{id} with the fields that changed and the version they were read at. */
export async function updateUser({ id, payload }: RecordUpdate<UserUpdatePayload>): Promise<UserResponse> {
  return api.patch(paths.users.update(id), payload, userResponseSchema);
}

export function useUpdateUser() {
  return useWriteMutation(updateUser, userKeys.lists());
}
