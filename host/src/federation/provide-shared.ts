/**
 * The host provides `@sso/shared/form-errors` to the remotes although its own code does not use it:
 * the bundler provides a shared module only when the build resolves an import of it. Without this,
 * the auth remote fetched its own copy on `/login`, a request in series before the login page could
 * run (ADR 0006). Eager (federation.shared.ts): it is in `main.js`.
 */
import '@sso/shared/form-errors';
