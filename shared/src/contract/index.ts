/**
 * `@sso/shared/contract`: the zod contract between the panel and the SSO api (spec sections 3 and 7).
 * Imports only zod, so it is safe in the browser bundle.
 */
import './no-eval';

export * from './constants';
export * from '@sso/shared/access';
export * from './envelope';
export * from './paths';
export * from './fields';
export * from './names';
export * from './versions';
export * from './entities';
export * from './payloads';
export * from './queries';
export * from './responses';
export * from './applications';
export * from './sso-clients';
export * from './lifecycle';
export * from './audit';
export * from './user-bulk';
export * from './admin-scope';
export { maskPhone } from './phone';
export {
  /** The users list's schema under the name remotes built before 2.4.0 import (it had a fast path). */
  userListResponseSchema as userListResponseParser,
} from './responses';
export * from './two-step';
export * from './access-map';
