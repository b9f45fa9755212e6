require('@testing-library/jest-dom');

// jsdom lacks TextEncoder/TextDecoder, which react-router uses at import time.
const util = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
}

// jsdom lacks ResizeObserver, which Radix primitives observe sizes with.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
