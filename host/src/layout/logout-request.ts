import { z } from 'zod';
import { api } from '@sso/shared/api';
import { paths } from '@sso/shared/contract';
import type { Session } from '@sso/shared/session';

const logoutResponse = z.object({
  message: z.string().optional(),
  data: z.object({ message: z.string() }).partial().nullish(),
});

/**
 * POST session/logout; resolves with the server's message, if any. Imported on the first logout,
 * not with the shell: the api client and the zod contract are not first-screen code (ADR 0006).
 */
export async function requestLogout(session: Session): Promise<string | undefined> {
  const result = await api.post(
    paths.session.logout,
    { session_token: session.session_token, app_id: session.app_id ?? null },
    logoutResponse,
  );
  return result.data?.message ?? result.message;
}
