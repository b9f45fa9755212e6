import { useQuery } from '@tanstack/react-query';
import { appPaths } from '@sso/shared/federation';
import { Link } from '@sso/shared/navigation';
import { HomeListTotal } from '@sso/shared/ui-data';
import { rolesQueryOptions } from '../api/get-roles';
import { rolesText } from '../texts';

/** Home card "Total Role" (descriptor `cards`). */
export default function RolesCard() {
  const roles = useQuery(rolesQueryOptions({ page: 1, perPage: 1, keyword: '', appsId: null }));
  return (
    <HomeListTotal query={roles} label={rolesText.card.registered}>
      <Link to={appPaths.roles.list}>{rolesText.card.openList}</Link>
    </HomeListTotal>
  );
}
