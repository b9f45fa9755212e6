import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { userKeys } from '@sso/shared/query';

/** After a lifecycle action: the lists (status, last sign-in) and the account read again. */
export function invalidateAccount(queryClient: QueryClient, ids: readonly number[]) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
    ...ids.map((id) => queryClient.invalidateQueries({ queryKey: userKeys.account(id) })),
  ]);
}

/** A lifecycle mutation: after it, the users of `idsOf(variables)` and the lists read again. */
export function useAccountMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  idsOf: (variables: V) => number[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer, variables) => invalidateAccount(queryClient, idsOf(variables)),
  });
}
