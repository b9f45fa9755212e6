/**
 * Why the last session ended, for the login screen (issue 37): the api's 401 of a session that was
 * live names a reason (ended by an administrator, account deactivated, role or sign-in data
 * changed, password reset) and a sentence. The api client keeps the sentence here when it clears
 * the session; the login screens show it until the next sign-in. Kept in local storage, beside the
 * session, so every tab's login screen says the same. No contract import: /login reads it on its
 * first load.
 */
export const SESSION_END_NOTICE_KEY = 'sso.session-ended';

const MAX_LENGTH = 300;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function noteSessionEnded(message: string): void {
  try {
    storage()?.setItem(SESSION_END_NOTICE_KEY, message.slice(0, MAX_LENGTH));
  } catch {
    // Storage full or refused: the login screen then says nothing more than before.
  }
}

/** The sentence to show on the login screen, if the last session was ended for a reason. */
export function readSessionEndNotice(): string | null {
  const value = storage()?.getItem(SESSION_END_NOTICE_KEY) ?? null;
  return value === null || value.trim() === '' ? null : value.slice(0, MAX_LENGTH);
}

export function clearSessionEndNotice(): void {
  storage()?.removeItem(SESSION_END_NOTICE_KEY);
}
