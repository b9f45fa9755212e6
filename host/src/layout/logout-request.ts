import { api } from '@sso/shared/api';
import { logoutResponseSchema, paths } from '@sso/shared/contract';
import type { Session } from '@sso/shared/session';

/**
 * POST logout/app; resolves with the server's message. Imported on the first logout, not with the
 * shell: the api client and the zod contract are not first-screen code (ADR 0006).
 */
export async function requestLogout(session: Session): Promise<string> {
  const result = await api.post(
    paths.session.logout,
    // A handed-over session may carry no app_id: the api then ends the token's own session.
    {
      session_token: session.session_token,
      ...(session.app_id != null ? { app_id: session.app_id } : {}),
    },
    logoutResponseSchema,
    // Either token ends the whole login (every app session of it, issue 36); a handed-over session
    // has only its access token.
    { token: session.token ?? session.access_token },
  );
  return result.data.message;
}
