import { loginWithSecondProof } from '@sso/shared/api';
import { writeSession } from '@sso/shared/session';
import { useAction } from '../../auth-action/use-action';
import { useFinishLogin } from '../../login/use-finish-login';
import { secondProofStore } from '../second-proof-storage';

/** POST auth/login/second-proof, then the login chain; the session is written once all succeeded. */
export async function signInWithCode({
  challenge,
  code,
}: {
  challenge: string;
  code: string;
}): Promise<void> {
  writeSession(await loginWithSecondProof(challenge, code));
}

export function useSecondProof() {
  const finish = useFinishLogin();
  return useAction({
    action: signInWithCode,
    onSuccess: () => {
      secondProofStore.clear();
      finish();
    },
  });
}
