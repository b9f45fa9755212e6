import { useMemo } from 'react';
import type { RemoteEntry } from '@sso/shared/federation';
import { sessionGrants, useSession } from '@sso/shared/session';
import { PageHeader, StatePanel } from '@sso/shared/ui';
import type { RemoteView } from '../federation/remote-states';
import { HomeCardFrame } from './home-card-frame';
import { placeCards } from './home-cards';
import { homeText } from './home-text';
import styles from './home-page.module.css';

/**
 * Home (spec 2): the heading "Home" and an overview assembled from the remotes' descriptors
 * (`cards`). Loaded with the route, after sign-in: /login pays nothing for it.
 */
export function HomePage({
  states,
  onRetry,
}: {
  states: readonly RemoteView[];
  onRetry: (remotes: RemoteEntry[]) => void;
}) {
  const session = useSession();
  const cards = useMemo(() => placeCards(states, sessionGrants(session)), [states, session]);
  return (
    <>
      <PageHeader title="Home" />
      {cards.length === 0 ? (
        <StatePanel title={homeText.noCards} />
      ) : (
        <div className={styles.grid} role="region" aria-label={homeText.overview}>
          {cards.map((placed) => (
            <HomeCardFrame key={placed.key} placed={placed} onRetry={() => onRetry([placed.remote])} />
          ))}
        </div>
      )}
    </>
  );
}
