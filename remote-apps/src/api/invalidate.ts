import type { QueryClient } from '@tanstack/react-query';
import { applicationKeys, referenceKeys, roleKeys } from '@sso/shared/query';
import { refreshOwnGrants } from './refresh-own-grants';

/**
 * After any write: this remote's lists and details, and what the other remotes show of applications
 * (the role form's application list and menu trees, the roles list's logos), in the one shared
 * QueryClient, so Tambah/Edit Role sees a new application without a reload; and one's own grants
 * (the role holds what it added).
 */
export function invalidateApplications(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    refreshOwnGrants(),
    queryClient.invalidateQueries({ queryKey: applicationKeys.all() }),
    queryClient.invalidateQueries({ queryKey: referenceKeys.all() }),
    queryClient.invalidateQueries({ queryKey: roleKeys.all() }),
  ]);
}
