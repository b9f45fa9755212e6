import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@sso/shared/api';
import { SSO_PANEL_APP_ID, availableAppSchema, envelope, paths } from '@sso/shared/contract';
import { applicationKeys } from '@sso/shared/query';

/**
 * An application as available-apps answers it, with ours (issue 30): `initiate_login_uri`, where it
 * starts a sign-in through the SSO ("URL mulai masuk" of its client); null or absent: the spec's
 * handoff. Read here, not in the login chain's schema, so /login's code does not grow.
 */
export const yourAppSchema = availableAppSchema.extend({ initiate_login_uri: z.string().nullish() });
export type YourApp = z.infer<typeof yourAppSchema>;
const yourAppsResponseSchema = envelope(z.array(yourAppSchema));

/**
 * GET session/available-apps with the login token: the applications the user's role grants, this
 * panel left out (the user is in it). Read fresh on every Home visit: a grant changed by an owner shows.
 */
export async function getYourApps(loginToken: string, signal?: AbortSignal): Promise<YourApp[]> {
  const response = await api.get(paths.session.availableApps, yourAppsResponseSchema, {
    token: loginToken,
    signal,
  });
  return response.data.filter((app) => app.id !== SSO_PANEL_APP_ID);
}

export const yourAppsQueryOptions = (loginToken: string) =>
  queryOptions({
    queryKey: applicationKeys.yours(loginToken),
    queryFn: ({ signal }) => getYourApps(loginToken, signal),
    staleTime: 0,
  });

export function useYourApps(loginToken: string | null) {
  return useQuery({ ...yourAppsQueryOptions(loginToken ?? ''), enabled: loginToken !== null });
}
