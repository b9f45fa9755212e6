export { api, configureApi, type RequestOptions, type ResponseParser } from './api-client';
export { ApiError, toApiError, isRetryable, type ApiErrorKind } from './api-error';
export {
  completeLogin,
  confirmHandedOverSession,
  loginWithNik,
  loginWithSecondProof,
  openApplicationSession,
  runLoginChain,
  SecondProofRequired,
  TwoStepRequired,
  signInWithNik,
  type LoginChainClient,
} from './login-chain';
