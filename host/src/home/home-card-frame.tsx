import { Component, createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { t } from '@sso/shared/i18n';
import { Button, Skeleton } from '@sso/shared/ui';
import { homeText } from './home-text';
import { loadPage, loadedPage } from '../federation/load-page';
import type { PlacedCard } from './home-cards';
import styles from './home-page.module.css';

/** The panel's one loading look (Skeleton bars) while a card's code or data loads. */
export function CardSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-label={t.common.loading}>
      <Skeleton width="40%" height={28} />
      <Skeleton />
      <Skeleton width="70%" />
    </div>
  );
}

function CardFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p>{homeText.cardFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {homeText.retry}
      </Button>
    </div>
  );
}

/** One card's boundary: its failure (load or render) stays inside the card. */
class CardBoundary extends Component<
  { label: string; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.error(`[home card ${this.props.label}]`, error.message);
  }

  override render() {
    return this.state.failed ? <CardFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}

function LoadedCard({ remote, module }: { remote: string; module: string }) {
  const ready = loadedPage(remote, module);
  const [result, setResult] = useState<{ component?: ComponentType; error?: Error }>(
    ready ? { component: ready } : {},
  );
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadPage(remote, module).then(
      (component) => live && setResult({ component }),
      (error: unknown) =>
        live && setResult({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [remote, module, ready]);
  if (result.error) throw result.error;
  return result.component ? createElement(result.component) : <CardSkeleton />;
}

/**
 * A card of Home: its title always (so a failure still says which card), then its body: a skeleton
 * while the remote is read or its code loads, the remote's component once loaded, a contained
 * message with "Coba lagi" when the remote is down or the card fails. `onRetry` reads the remote
 * again; the card then mounts afresh (a failed load is not cached).
 */
export function HomeCardFrame({ placed, onRetry }: { placed: PlacedCard; onRetry: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const { card, remote, status } = placed;
  const retry = () => {
    setAttempt((n) => n + 1);
    onRetry();
  };
  let body: ReactNode;
  if (status === 'pending') body = <CardSkeleton />;
  else if (status === 'stale') body = <CardFailed onRetry={retry} />;
  else
    body = (
      <CardBoundary key={attempt} label={placed.key} onRetry={retry}>
        <LoadedCard remote={remote.name} module={card.module} />
      </CardBoundary>
    );
  const headingId = `home-card-${placed.key.replace(/[^a-z0-9-]/gi, '-')}`;
  return (
    <section
      className={`${styles.card} ${card.size === 'wide' ? styles.wide : ''}`}
      aria-labelledby={headingId}
      data-testid={`home-card-${card.id}`}
    >
      <h2 id={headingId} className={styles.cardTitle}>
        {card.title}
      </h2>
      <div className={styles.cardBody}>{body}</div>
    </section>
  );
}
