import { useMutation } from '@tanstack/react-query';
import { loginWithNik } from '@sso/shared/api';
import { writeSession } from '@sso/shared/session';
import { useFinishLogin } from '../use-finish-login';

export interface NikCredentials {
  nik: string;
  password: string;
}

/**
 * POST auth/login/nik (with `url` = this origin) and the rest of the login chain; the session is
 * written only once every step succeeded, so a failure leaves nothing half-stored.
 */
export async function loginAndStore({ nik, password }: NikCredentials): Promise<void> {
  const session = await loginWithNik(nik, password);
  writeSession(session);
}

export function useLoginWithNik() {
  const finish = useFinishLogin();
  return useMutation({ mutationFn: loginAndStore, onSuccess: finish });
}
