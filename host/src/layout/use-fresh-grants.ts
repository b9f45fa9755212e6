import { useEffect } from 'react';
import { api } from '@sso/shared/api';
import { SSO_PANEL_APP_ID, grantedApp, meResponseSchema, paths } from '@sso/shared/contract';
import { clearSession, readSession, writeSession } from '@sso/shared/session';

/**
 * The stored grants are those of the login; an owner may have changed the role since. When the shell
 * opens, the profile is read again (the api enforces the new grants from the next request anyway):
 * the sidebar, buttons and route guards follow, and a role that lost the panel ends the session.
 * A failure changes nothing (a 401 is handled by the api client; the next open tries again).
 */
export function useFreshGrants(): void {
  useEffect(() => {
    let live = true;
    api.get(paths.session.me, meResponseSchema).then(
      ({ data }) => {
        const session = readSession();
        if (!live || !session) return;
        if (!grantedApp(data.user_menu, SSO_PANEL_APP_ID)) {
          clearSession();
          return;
        }
        const role = data.roles[0];
        writeSession({
          ...session,
          user_menu: data.user_menu,
          user_unit: data.user_unit,
          role_id: role?.id ?? null,
          role_name: role?.name ?? null,
          role_position: role?.position ?? null,
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
}
