import { consumeHandoffParam, takeHandoffParam } from './take-handoff-param';

test('removes `data` from the address bar and history, keeping other parameters, once', () => {
  window.history.pushState({}, '', '/?data=abc123&x=1#top');
  takeHandoffParam();
  expect(window.location.pathname + window.location.search + window.location.hash).toBe('/?x=1#top');
  expect(consumeHandoffParam()).toBe('abc123');
  expect(consumeHandoffParam()).toBeNull();
});

test('leaves the URL alone without a `data` parameter', () => {
  window.history.pushState({}, '', '/home?page=2');
  takeHandoffParam();
  expect(window.location.search).toBe('?page=2');
  expect(consumeHandoffParam()).toBeNull();
});
