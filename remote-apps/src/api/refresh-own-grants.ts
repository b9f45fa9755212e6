import { api } from '@sso/shared/api';
import { meResponseSchema, paths } from '@sso/shared/contract';
import { readSession, writeSession } from '@sso/shared/session';

/**
 * GET api/me after a write: the menus one adds are held by one's own role (the api grants them),
 * and the panel reads grants from the stored session, so the role form can offer the new
 * application at once. A failure changes nothing (the shell reads them again when it opens).
 */
export async function refreshOwnGrants(): Promise<void> {
  try {
    const { data } = await api.get(paths.session.me, meResponseSchema);
    const session = readSession();
    if (session) writeSession({ ...session, user_menu: data.user_menu });
  } catch {
    // Kept as they were.
  }
}
