import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  SSO_PANEL_APP_ID,
  availableAppsResponseSchema,
  paths,
  type AvailableApp,
} from '@sso/shared/contract';
import { applicationKeys } from '@sso/shared/query';

/**
 * GET session/available-apps with the login token: the applications the user's role grants, this
 * panel left out (the user is in it). Read fresh on every Home visit: a grant changed by an owner shows.
 */
export async function getYourApps(loginToken: string, signal?: AbortSignal): Promise<AvailableApp[]> {
  const response = await api.get(paths.session.availableApps, availableAppsResponseSchema, {
    token: loginToken,
    signal,
  });
  return response.data.filter((app) => app.id !== SSO_PANEL_APP_ID);
}

export const yourAppsQueryOptions = (loginToken: string) =>
  queryOptions({
    // Per login: another sign-in in this tab reads its own list.
    queryKey: [...applicationKeys.all(), 'yours', loginToken] as const,
    queryFn: ({ signal }) => getYourApps(loginToken, signal),
    staleTime: 0,
  });

export function useYourApps(loginToken: string | null) {
  return useQuery({ ...yourAppsQueryOptions(loginToken ?? ''), enabled: loginToken !== null });
}
