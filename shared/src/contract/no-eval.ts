// Imported first by the contract, before any of its schemas is built: the panel's pages run under a
// Content-Security-Policy without 'unsafe-eval', so zod must not compile parsers with `new Function`
// (its feature test alone is reported as a violation). zod reads the setting when a schema is built,
// and it is global: it holds for the copy of zod a remote brings too, as every remote schema module
// imports the contract. The api (no page, no CSP) keeps zod's compiled parsers.
import { config } from 'zod/v4/core';

if (typeof document !== 'undefined') config({ jitless: true });
