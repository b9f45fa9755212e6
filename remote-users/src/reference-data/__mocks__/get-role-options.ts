// Jest's manual mock (`jest.mock('../reference-data/get-role-options')`): one role option, loaded.
import { createRoleOption } from '../../test-support/factories';

export const useRoleOptions = () => ({ data: [createRoleOption()], isPending: false });
