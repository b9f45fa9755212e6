// Test-only: jsdom lacks TextEncoder/TextDecoder, which react-router needs. Import first in a test.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
