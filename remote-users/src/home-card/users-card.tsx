import { useState } from 'react';
import { toApiError } from '@sso/shared/api';
import { appPaths } from '@sso/shared/federation';
import { formatNumber } from '@sso/shared/i18n';
import { Link } from '@sso/shared/navigation';
import { HomeStat } from '@sso/shared/ui-data';
import { texts } from '../texts';
import { useUserCounts } from './get-user-counts';

const WEEK_MS = 7 * 86_400_000;

/** Home card "Total User": every user, and those added in the last 7 days (descriptor `cards`). */
export default function UsersCard() {
  // Fixed at mount: the query key stays the same across renders.
  const [weekAgo] = useState(() => new Date(Date.now() - WEEK_MS).toISOString());
  const counts = useUserCounts(weekAgo);
  return (
    <HomeStat
      value={counts.data?.total}
      label={texts.card.registered}
      detail={counts.data ? texts.card.addedThisWeek(formatNumber(counts.data.added)) : undefined}
      error={counts.error ? toApiError(counts.error).message : undefined}
    >
      <Link to={appPaths.users.list}>{texts.card.openList}</Link>
    </HomeStat>
  );
}
