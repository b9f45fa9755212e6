import { useCallback } from 'react';
import { useNavigate } from '@sso/shared/navigation';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { toast } from '@sso/shared/ui';
import { useAction } from '../auth-action/use-action';
import { leavingForApplication } from '../sso/sso-request';

/**
 * End of the login chain (spec 4), after the session was stored: the message "Login successfully"
 * and /home. Shared by the NIK and the phone login.
 */
export function useFinishLogin(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    toast.success(t.auth.loginSuccess);
    void navigate(appPaths.home, { replace: true });
  }, [navigate]);
}

/** Where a sign-in step ends: signed in, or the next step's page (a second proof, two-step verification). */
export type SignInOutcome = 'signed-in' | 'two-step' | 'second-proof';

/**
 * A sign-in step's call (NIK, phone OTP, second proof): `done` clears the step's own state, then the
 * next step's page opens, or, signed in, the login chain ends (unless the browser is leaving for the
 * application that asked for the sign-in, ADR 0015).
 */
export function useSignInStep<V>(action: (variables: V) => Promise<SignInOutcome>, done?: () => void) {
  const finish = useFinishLogin();
  const navigate = useNavigate();
  return useAction({
    action,
    onSuccess: (outcome) => {
      done?.();
      if (outcome === 'second-proof') void navigate(appPaths.secondProof);
      else if (outcome === 'two-step') void navigate(appPaths.twoStep);
      else if (!leavingForApplication()) finish();
    },
  });
}
