import { useQuery } from '@tanstack/react-query';
import { appPaths } from '@sso/shared/federation';
import { Link } from '@sso/shared/navigation';
import { HomeListTotal } from '@sso/shared/ui-data';
import { applicationsQueryOptions } from '../api/get-applications';
import { appsText } from '../texts';

/** Home card "Aplikasi" (descriptor `cards`): how many applications the SSO knows. */
export default function AppsCard() {
  const apps = useQuery(applicationsQueryOptions({ page: 1, perPage: 1, keyword: '' }));
  return (
    <HomeListTotal query={apps} label={appsText.card.registered}>
      <Link to={appPaths.apps.list}>{appsText.card.openList}</Link>
    </HomeListTotal>
  );
}
