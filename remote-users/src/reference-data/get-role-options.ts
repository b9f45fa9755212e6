import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, roleOptionsResponseSchema, type RoleOption } from '@sso/shared/contract';
import { roleKeys } from '@sso/shared/query';

/** GET role/all: every role for selects (the role filter and the form's role select). */
export async function getRoleOptions(): Promise<RoleOption[]> {
  const response = await api.get(paths.roles.all, roleOptionsResponseSchema);
  return response.data;
}

export const roleOptionsQueryOptions = () =>
  queryOptions({ queryKey: roleKeys.options(), queryFn: getRoleOptions, staleTime: 60 * 1000 });

export function useRoleOptions() {
  return useQuery(roleOptionsQueryOptions());
}
