import { compressToEncodedURIComponent } from 'lz-string';
import type { Session } from '@sso/shared/session';

/**
 * The spec's handoff (route `/`): the application's URL with the session as the `data` parameter,
 * lz-string compressed JSON, exactly as the panel's own `/` reads it (host/src/handoff).
 */
export function handoffUrl(appUrl: string, session: Session): string {
  const url = new URL(appUrl);
  url.searchParams.set('data', compressToEncodedURIComponent(JSON.stringify(session)));
  return url.toString();
}
