export { api, configureApi, getApiOrigin, type RequestOptions } from './api-client';
export { ApiError, toApiError, isRetryable, type ApiErrorKind } from './api-error';
export {
  completeLogin,
  confirmHandedOverSession,
  loginWithNik,
  loginTokenResponseSchema,
} from './login-chain';
