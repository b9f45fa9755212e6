import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { clientSecretResponseSchema, paths, type ClientSecret } from '@sso/shared/contract';
import { applicationKeys } from '@sso/shared/query';

/** POST applications/sso-secret/{id}: a new secret for the confidential client, answered once. */
export async function regenerateSecret(id: number): Promise<ClientSecret> {
  const response = await api.post(paths.applications.regenerateSecret(id), {}, clientSecretResponseSchema);
  return response.data;
}

export function useRegenerateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateSecret,
    // The client's `updated_at` changed; nothing else of the application did.
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: applicationKeys.detail(id) }),
  });
}
