require('@testing-library/jest-dom');

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 uses at import time.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
