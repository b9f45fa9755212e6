import { api } from '@sso/shared/api';
import {
  applicationSavedResponseSchema,
  paths,
  type ApplicationSavedResponse,
  type ApplicationPayload,
} from '@sso/shared/contract';
import { type RecordUpdate, useWriteMutation } from '@sso/shared/query';
import { invalidateApplications } from '../../api/invalidate';

/** PATCH applications/update/{id}: every field and the whole menu tree (existing menus by id). */
export function updateApplication({
  id,
  payload,
}: RecordUpdate<ApplicationPayload>): Promise<ApplicationSavedResponse> {
  return api.patch(paths.applications.update(id), payload, applicationSavedResponseSchema);
}

export function useUpdateApplication() {
  return useWriteMutation(updateApplication, invalidateApplications);
}
