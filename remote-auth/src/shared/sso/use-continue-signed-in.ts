import { useEffect, useState } from 'react';
import { readSession } from '@sso/shared/session';
import { continueToApplication, ssoInteraction } from './sso-request';

/**
 * Single sign-on for a user already signed in to the panel: an application's sign-in request goes
 * on with the panel's own login (its login token) instead of asking again. When that login has
 * ended (the api refuses the token), the form is shown. True while it is on its way.
 */
export function useContinueSignedIn(): boolean {
  const [continuing, setContinuing] = useState(
    () => ssoInteraction() !== null && Boolean(readSession()?.token),
  );
  useEffect(() => {
    const interaction = ssoInteraction();
    const token = readSession()?.token;
    if (!interaction || !token) return;
    continueToApplication(interaction, token).catch(() => setContinuing(false));
  }, []);
  return continuing;
}
