import { api } from '@sso/shared/api';
import { forgotPasswordResponseSchema, paths, type ForgotPasswordResponse } from '@sso/shared/contract';

/** POST forgot-password: the NIK's account exists; answers the masked phone the code will go to. */
export function findResetAccount(nik: string): Promise<ForgotPasswordResponse> {
  return api.post(paths.forgotPassword.start, { nik }, forgotPasswordResponseSchema);
}
