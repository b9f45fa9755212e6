export { api, configureApi, type RequestOptions } from './api-client';
export { ApiError, toApiError, isRetryable, type ApiErrorKind } from './api-error';
export { serverFieldErrors, type ServerFieldErrors, type ServerFieldOptions } from './server-field-errors';
export {
  completeLogin,
  confirmHandedOverSession,
  loginWithNik,
  runLoginChain,
  signInWithNik,
  type LoginChainClient,
} from './login-chain';
