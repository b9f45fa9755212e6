import { useQuery } from '@tanstack/react-query';
import { roleOptionsQueryOptions } from '@sso/shared/query';

/** Every role for selects (the role filter and the form's role select): the shared role-options query. */
export function useRoleOptions() {
  return useQuery(roleOptionsQueryOptions());
}
