import { api } from '@sso/shared/api';
import {
  applicationSavedResponseSchema,
  paths,
  type ApplicationSavedResponse,
  type ApplicationPayload,
} from '@sso/shared/contract';
import { useWriteMutation } from '@sso/shared/query';
import { invalidateApplications } from '../../api/invalidate';

/** POST applications/create: the application and its whole menu tree in one request. */
export function createApplication(payload: ApplicationPayload): Promise<ApplicationSavedResponse> {
  return api.post(paths.applications.create, payload, applicationSavedResponseSchema);
}

export function useCreateApplication() {
  return useWriteMutation(createApplication, invalidateApplications);
}
