// Imported first by the bootstrap, before any module builds a zod schema: the page's
// Content-Security-Policy has no 'unsafe-eval', so zod must not compile parsers with `new Function`
// (its feature test alone is reported as a violation). zod reads this when a schema is built; the
// setting is global, so it also holds for the copy of zod a remote brings.
import { config } from 'zod/v4/core';

config({ jitless: true });
