/**
 * The host provides every shared subpath of `@sso/shared` to the remotes, also those its own code
 * does not use: the bundler provides a shared module only when the build resolves an import of it.
 * Without these, each remote loaded its own copy: `form-errors` cost `/login` a request in series
 * before the login page could run, and the users and roles remotes each fetched their own `ui-data`.
 * `form-errors` is eager (in `main.js`, federation.shared.ts); `ui-data` stays a lazy chunk.
 */
import '@sso/shared/form-errors';

/** Never called: the import expression is what makes the build provide the list kit. */
export const provideListKit = () => import('@sso/shared/ui-data');
