import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** An edit of one record: its id and the payload of what changed (the update modules' argument). */
export interface RecordUpdate<Payload> {
  id: number;
  payload: Payload;
}

/**
 * A write to the api whose success makes what it changed stale: `stale` is a query key (every query
 * under it is invalidated, e.g. `userKeys.lists()`), or a function of the client where a write changes
 * more than one domain shows (`invalidateApplications`). The screens read the answer and the error
 * from the mutation as from any other.
 */
export function useWriteMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: QueryKey | ((queryClient: QueryClient) => Promise<unknown>),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      typeof stale === 'function' ? stale(queryClient) : queryClient.invalidateQueries({ queryKey: stale }),
  });
}
