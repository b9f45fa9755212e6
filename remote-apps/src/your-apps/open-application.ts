import { openApplicationSession } from '@sso/shared/api';
import type { YourApp } from './api/get-your-apps';
import { handoffUrl } from './handoff-url';

/**
 * Opens an application without an SSO client in a new tab, signed in by the spec's handoff: a
 * fresh app session for its `app_id` (never the panel's own tokens, nor the login token), sent as
 * the `/` route's `data`. The tab is opened before the calls, while the click still counts as the
 * user's (a tab opened after them would be blocked), and closed again when they fail.
 */
export async function openWithHandoff(app: YourApp, loginToken: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const session = await openApplicationSession(loginToken, app);
    const url = handoffUrl(app.url, session);
    if (tab) {
      tab.opener = null;
      tab.location.replace(url);
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
