import { useQuery } from '@tanstack/react-query';
import { toApiError } from '@sso/shared/api';
import { appPaths } from '@sso/shared/federation';
import { Link } from '@sso/shared/navigation';
import { HomeStat } from '@sso/shared/ui-data';
import { rolesQueryOptions } from '../api/get-roles';
import { rolesText } from '../texts';

/** Home card "Total Role" (descriptor `cards`). */
export default function RolesCard() {
  const roles = useQuery(rolesQueryOptions({ page: 1, perPage: 1, keyword: '', appsId: null }));
  return (
    <HomeStat
      value={roles.data?.meta.total}
      label={rolesText.card.registered}
      error={roles.error ? toApiError(roles.error).message : undefined}
    >
      <Link to={appPaths.roles.list}>{rolesText.card.openList}</Link>
    </HomeStat>
  );
}
