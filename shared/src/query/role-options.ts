import { queryOptions } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, roleOptionsResponseSchema, type RoleOption } from '@sso/shared/contract';
import { roleKeys } from './keys';

/** GET role/all: every role for selects, with its administration scope. */
export async function getRoleOptions(): Promise<RoleOption[]> {
  const response = await api.get(paths.roles.all, roleOptionsResponseSchema);
  return response.data;
}

/**
 * The roles' options, read by two remotes (the users' role filter, form and privilege rules; the
 * role form's own scope): one key with one fetch, so whichever reads first fills it for the other.
 */
export const roleOptionsQueryOptions = () =>
  queryOptions({ queryKey: roleKeys.options(), queryFn: getRoleOptions, staleTime: 60 * 1000 });
