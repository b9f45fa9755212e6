import { useState } from 'react';
import { useNavigate } from '@sso/shared/navigation';
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
        const { requestLogout } = await import('./logout-request');
        const message = await requestLogout(session);
        if (message) toast.success(message);
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
