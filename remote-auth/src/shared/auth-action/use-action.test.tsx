import { act, renderHook, waitFor } from '@testing-library/react';
import { useAction } from './use-action';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test('pending while the action runs; the hook callback, then the call callback, get the result', async () => {
  const call = deferred<string>();
  const order: string[] = [];
  const { result } = renderHook(() =>
    useAction({ action: (_nik: string) => call.promise, onSuccess: (r, v) => order.push(`hook ${r} ${v}`) }),
  );
  act(() => result.current.mutate('100001', { onSuccess: (r) => order.push(`call ${r}`) }));
  expect(result.current.isPending).toBe(true);
  await act(async () => call.resolve('ok'));
  expect(result.current.isPending).toBe(false);
  expect(order).toEqual(['hook ok 100001', 'call ok']);
});

test('a failure reaches both error callbacks', async () => {
  const onError = jest.fn();
  const callError = jest.fn();
  const { result } = renderHook(() =>
    useAction({ action: () => Promise.reject(new Error('down')), onError }),
  );
  act(() => result.current.mutate(undefined, { onError: callError }));
  await waitFor(() => expect(callError).toHaveBeenCalledWith(new Error('down'), undefined));
  expect(onError).toHaveBeenCalledTimes(1);
  expect(result.current.isPending).toBe(false);
});

test('after unmount, only the hook callback runs (it may navigate or store)', async () => {
  const call = deferred<number>();
  const hook = jest.fn();
  const callback = jest.fn();
  const { result, unmount } = renderHook(() => useAction({ action: () => call.promise, onSuccess: hook }));
  act(() => result.current.mutate(undefined, { onSuccess: callback }));
  unmount();
  await act(async () => call.resolve(1));
  expect(hook).toHaveBeenCalledWith(1, undefined);
  expect(callback).not.toHaveBeenCalled();
});
