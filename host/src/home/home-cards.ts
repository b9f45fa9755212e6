import { canDo, type GrantedApp } from '@sso/shared/access';
import type { HomeCard, RemoteEntry } from '@sso/shared/federation';
import type { RemoteView } from '../federation/remote-states';

/** A card of Home with the remote that declares it and that remote's state. */
export interface PlacedCard {
  key: string;
  card: HomeCard;
  remote: RemoteEntry;
  /** `ready`: load it; `pending`: a skeleton; `stale`: the remote is down, a contained message. */
  status: 'ready' | 'pending' | 'stale';
}

/**
 * Home's cards (the host owns their policy): every card of every remote whose descriptor is known,
 * that the user's grants allow (a card above them is left out, its code never requested; a card
 * without `requires` is for everyone signed in), in
 * `order` then title. A remote never read (no descriptor) contributes none.
 */
export function placeCards(states: readonly RemoteView[], grants: readonly GrantedApp[]): PlacedCard[] {
  const placed: PlacedCard[] = [];
  for (const state of states) {
    if (state.status === 'failed' || !state.descriptor) continue;
    const remote = { name: state.name, entry: state.entry };
    for (const card of state.descriptor.cards ?? []) {
      if (card.requires && !canDo(grants, card.requires.menu, card.requires.capability)) continue;
      placed.push({ key: `${state.name}/${card.id}`, card, remote, status: state.status });
    }
  }
  return placed.sort((a, b) => a.card.order - b.card.order || a.card.title.localeCompare(b.card.title));
}
