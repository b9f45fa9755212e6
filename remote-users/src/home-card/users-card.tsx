import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toApiError } from '@sso/shared/api';
import { appPaths } from '@sso/shared/federation';
import { formatNumber } from '@sso/shared/i18n';
import { Link } from '@sso/shared/navigation';
import { HomeStat } from '@sso/shared/ui-data';
import { usersQueryOptions } from '../user-list/api/get-users';
import { texts } from '../texts';

const WEEK_MS = 7 * 86_400_000;

/** Home card "Total User": every user, and those added in the last 7 days (descriptor `cards`). */
export default function UsersCard() {
  // Fixed at mount: the query key stays the same across renders.
  const [weekAgo] = useState(() => new Date(Date.now() - WEEK_MS).toISOString());
  const total = useQuery(usersQueryOptions({ perPage: 1 }));
  const recent = useQuery(usersQueryOptions({ perPage: 1, created_from: weekAgo }));
  const error = total.error ?? recent.error;
  const added = recent.data?.meta.total;
  return (
    <HomeStat
      value={total.data?.meta.total}
      label={texts.card.registered}
      detail={added === undefined ? undefined : texts.card.addedThisWeek(formatNumber(added))}
      error={error ? toApiError(error).message : undefined}
    >
      <Link to={appPaths.users.list}>{texts.card.openList}</Link>
    </HomeStat>
  );
}
