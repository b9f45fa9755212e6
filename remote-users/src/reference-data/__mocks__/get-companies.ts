// Jest's manual mock (`jest.mock('../reference-data/get-companies')`): the factories' companies, loaded.
import { companies } from '../../test-support/factories';

export const useCompanies = () => ({ data: companies, isPending: false });
