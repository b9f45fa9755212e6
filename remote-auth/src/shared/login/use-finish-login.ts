import { useCallback } from 'react';
import { useNavigate } from '@sso/shared/navigation';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { toast } from '@sso/shared/ui';

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
