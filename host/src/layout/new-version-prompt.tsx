import { useSyncExternalStore } from 'react';
import { getRuntimeConfig } from '@sso/shared/federation';
import { Button, confirmPageLeave } from '@sso/shared/ui';
import { t } from '@sso/shared/i18n';
import { checkVersions, watchVersions, type NewVersion } from '../federation/version-check';
import styles from './new-version-prompt.module.css';

/** Starts watching for new versions; returns the stop. */
export type WatchVersions = (onResult: (news: NewVersion[]) => void) => () => void;

export interface NewVersionStore {
  subscribe: (listener: () => void) => () => void;
  /** The remotes to reload for, unless the user chose "Nanti" for exactly these builds. */
  shown: () => readonly NewVersion[];
  dismiss: () => void;
}

const none: readonly NewVersion[] = [];

const keyOf = (news: readonly NewVersion[]) =>
  news
    .map((item) => `${item.name}@${item.buildId ?? ''}`)
    .sort()
    .join(' ');

/**
 * What the prompt shows, kept outside the shell so a remount (the not-found page has its own shell)
 * neither loses it nor starts a second watcher: the watch runs while any prompt is mounted.
 */
export function newVersionStore(watch: WatchVersions): NewVersionStore {
  let news: readonly NewVersion[] = none;
  let dismissed: string | null = null;
  let stop: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    subscribe(listener) {
      listeners.add(listener);
      stop ??= watch((next) => {
        news = next.length > 0 ? next : none;
        emit();
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stop?.();
        stop = null;
      };
    },
    shown: () => (news.length > 0 && keyOf(news) !== dismissed ? news : none),
    dismiss() {
      dismissed = keyOf(news);
      emit();
    },
  };
}

const registeredRemotes = newVersionStore((onResult) =>
  watchVersions(() => checkVersions(getRuntimeConfig()?.remotes ?? []), onResult),
);

const reloadPage = () => window.location.reload();

export interface NewVersionPromptProps {
  store?: NewVersionStore;
  reload?: () => void;
}

/**
 * "Versi baru tersedia": a remote whose code runs in this page was deployed again (or its routes
 * changed). Non-blocking and announced politely; "Muat ulang" reloads the page (asking "Keluar tanpa
 * menyimpan?" first when a form holds unsaved input), "Nanti" hides it until yet another build.
 */
export function NewVersionPrompt({ store = registeredRemotes, reload = reloadPage }: NewVersionPromptProps) {
  const news = useSyncExternalStore(store.subscribe, store.shown, () => none);
  const onReload = async () => {
    if (await confirmPageLeave()) reload();
  };

  // The live region stays in the page, so screen readers announce the prompt when it appears.
  return (
    <div role="status" className={news.length > 0 ? styles.prompt : undefined}>
      {news.length > 0 ? (
        <>
          <p className={styles.title}>{t.federation.newVersionTitle}</p>
          <p className={styles.body}>{t.federation.newVersionBody(news.map((item) => item.name))}</p>
          <div className={styles.actions}>
            <Button onClick={() => void onReload()}>{t.federation.reload}</Button>
            <Button variant="secondary" onClick={store.dismiss}>
              {t.federation.later}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
