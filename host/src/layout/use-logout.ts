import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '@sso/shared/api';
import { logoutResponseSchema, paths } from '@sso/shared/contract';
import { clearSession, readSession } from '@sso/shared/session';
import { toast } from '@sso/shared/ui';

/**
 * Spec 4 "Logout success: clears the session and goes to /". The server's message is shown. If the
 * call fails the session is cleared all the same: the user asked to leave.
 */
export function useLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  async function run(): Promise<void> {
    const session = readSession();
    setPending(true);
    try {
      if (session) {
        const result = await api.post(
          paths.session.logout,
          // A handed-over session may carry no app_id: the api then ends the token's own session.
          {
            session_token: session.session_token,
            ...(session.app_id != null ? { app_id: session.app_id } : {}),
          },
          logoutResponseSchema,
          // The login token ends the whole login (every app session of it); a handed-over session
          // has only its access token, which ends that app session.
          { token: session.token ?? session.access_token },
        );
        toast.success(result.data.message);
      }
    } catch {
      toast.info('Sesi diakhiri di perangkat ini.');
    } finally {
      setPending(false);
      clearSession();
      void navigate('/', { replace: true });
    }
  }
  return { run, pending };
}
