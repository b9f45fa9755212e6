// Test-only: jsdom lacks TextEncoder/TextDecoder, which react-router (imported by @sso/shared/ui)
// needs at load, and ResizeObserver, which Radix Checkbox uses. Import this first in such a test.
import { TextDecoder, TextEncoder } from 'node:util';

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!('ResizeObserver' in globalThis)) Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
