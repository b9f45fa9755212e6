import { ApiError } from '@sso/shared/api';
import { createQueryClient, retryDelay, shouldRetry, GC_TIME_MS } from '.';

test('spec 9: cache garbage collection after 5 minutes', () => {
  expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(GC_TIME_MS);
  expect(GC_TIME_MS).toBe(300_000);
});

test.each([
  [0, 1000],
  [1, 2000],
  [3, 8000],
  [5, 30_000],
  [10, 30_000],
])('back-off of attempt %i is %i ms (capped at 30 s)', (attempt, ms) => {
  expect(retryDelay(attempt)).toBe(ms);
});

describe('shouldRetry: up to 3 retries of transient failures only', () => {
  const network = new ApiError('network', 'down');
  test.each([
    [0, network, true],
    [2, network, true],
    [3, network, false],
    [0, new ApiError('http', 'boom', 503), true],
    [0, new ApiError('http', 'bad', 422), false],
    [0, new ApiError('http', 'gone', 401), false],
    [0, new ApiError('canceled', 'newer request'), false],
    [0, new ApiError('invalid-response', 'shape'), false],
  ])('after %i failures, %p → %s', (count, error, expected) => {
    expect(shouldRetry(count, error)).toBe(expected);
  });
});
