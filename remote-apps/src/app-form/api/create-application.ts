import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  applicationDetailResponseSchema,
  paths,
  type ApplicationDetailResponse,
  type ApplicationPayload,
} from '@sso/shared/contract';
import { invalidateApplications } from './invalidate';

/** POST applications/create: the application and its whole menu tree in one request. */
export function createApplication(payload: ApplicationPayload): Promise<ApplicationDetailResponse> {
  return api.post(paths.applications.create, payload, applicationDetailResponseSchema);
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApplication, onSuccess: () => invalidateApplications(queryClient) });
}
