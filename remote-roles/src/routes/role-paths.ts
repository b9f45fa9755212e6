import type { Role } from '@sso/shared/contract';
import { encodeRoleHashId } from './role-hash-id';

/** Routes of this remote (descriptor.ts declares them; these build links to them). */
export const rolePaths = {
  list: '/role-management',
  create: '/tambah-role',
  edit: (role: Role) => `/edit-role/${encodeRoleHashId(role)}`,
} as const;
