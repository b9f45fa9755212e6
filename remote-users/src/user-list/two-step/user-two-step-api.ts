import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { twoStepPaths, twoStepStatusResponseSchema } from '@sso/shared/contract';
import { userKeys } from '@sso/shared/query';

/** GET users/{id}/two-step: the user's factors (names and dates, never a secret). */
export const userTwoStepQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.twoStep(id),
    queryFn: async ({ signal }) =>
      (await api.get(twoStepPaths.user(id), twoStepStatusResponseSchema, { signal })).data,
    staleTime: 0,
    retry: false,
  });

export function useUserTwoStep(id: number, enabled: boolean) {
  return useQuery({ ...userTwoStepQueryOptions(id), enabled });
}

/** DELETE users/{id}/two-step: "Reset verifikasi dua langkah" (factors removed, sessions ended). */
export function useResetUserTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.delete(twoStepPaths.user(id), twoStepStatusResponseSchema, reason === '' ? {} : { reason }),
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.twoStep(id) }),
        queryClient.invalidateQueries({ queryKey: userKeys.account(id) }),
      ]),
  });
}
