import { useCallback, useEffect, useRef, useState } from 'react';

export interface ActionCallbacks<V, R> {
  onSuccess?: (result: R, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
}

export interface ActionOptions<V, R> extends ActionCallbacks<V, R> {
  action: (variables: V) => Promise<R>;
}

export interface Action<V, R> {
  /** Runs the action; the hook's callbacks first, then these ones if the page is still mounted. */
  mutate: (variables: V, callbacks?: ActionCallbacks<V, R>) => void;
  isPending: boolean;
}

/**
 * A form's call to the api: its pending state and callbacks, the part of TanStack Query's
 * `useMutation` the auth pages used. The auth pages are public-only and paint before the query cache
 * has loaded: only protected pages get the host's QueryClient (ADR 0006).
 */
export function useAction<V, R>({ action, onSuccess, onError }: ActionOptions<V, R>): Action<V, R> {
  const [isPending, setPending] = useState(false);
  const mounted = useRef(false);
  const latest = useRef({ action, onSuccess, onError });
  useEffect(() => {
    latest.current = { action, onSuccess, onError };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((variables: V, callbacks: ActionCallbacks<V, R> = {}) => {
    setPending(true);
    latest.current.action(variables).then(
      (result) => {
        if (mounted.current) setPending(false);
        latest.current.onSuccess?.(result, variables);
        if (mounted.current) callbacks.onSuccess?.(result, variables);
      },
      (error: unknown) => {
        if (mounted.current) setPending(false);
        latest.current.onError?.(error, variables);
        if (mounted.current) callbacks.onError?.(error, variables);
      },
    );
  }, []);

  return { mutate, isPending };
}
