import { useQuery } from '@tanstack/react-query';
import { toApiError } from '@sso/shared/api';
import { appPaths } from '@sso/shared/federation';
import { Link } from '@sso/shared/navigation';
import { HomeStat } from '@sso/shared/ui-data';
import { applicationsQueryOptions } from '../api/get-applications';
import { appsText } from '../texts';

/** Home card "Aplikasi" (descriptor `cards`): how many applications the SSO knows. */
export default function AppsCard() {
  const apps = useQuery(applicationsQueryOptions({ page: 1, perPage: 1, keyword: '' }));
  return (
    <HomeStat
      value={apps.data?.meta.total}
      label={appsText.card.registered}
      error={apps.error ? toApiError(apps.error).message : undefined}
    >
      <Link to={appPaths.apps.list}>{appsText.card.openList}</Link>
    </HomeStat>
  );
}
