import type { RemoteDescriptor, RemoteEntry } from '@sso/shared/federation';
import { descriptorCache } from './descriptor-cache';
import { discoverRemotes, type RemoteState } from './remote-registry';

/**
 * How long the first render waits for the remotes' manifests. One that has not answered by then
 * (hung, or slow) does not hold the panel back: it is pending and joins when it answers.
 */
export const FIRST_RENDER_WAIT_MS = 2000;

/** A remote whose manifest is being read: its routes (from the last good descriptor, if any) wait. */
export interface PendingState {
  name: string;
  entry: string;
  status: 'pending';
  descriptor?: RemoteDescriptor;
}

export type RemoteView = RemoteState | PendingState;

export type Discover = (remote: RemoteEntry) => Promise<RemoteState>;

const discoverOne: Discover = async (remote) => {
  const [state] = await discoverRemotes([remote]);
  if (!state) throw new Error(`no state for ${remote.name}`);
  return state;
};

function pending(remote: RemoteEntry, current: RemoteView | undefined): PendingState {
  const descriptor =
    current && 'descriptor' in current ? current.descriptor : descriptorCache.read(remote.name);
  const state: PendingState = { name: remote.name, entry: remote.entry, status: 'pending' };
  return descriptor ? { ...state, descriptor } : state;
}

/**
 * What the host knows of each registered remote, as it changes: pending while its manifest is read
 * (bounded: remote-registry.ts gives up after two timed-out attempts), then ready, stale or failed.
 * The shell renders from it and re-renders when a remote answers late or is read again (retry).
 */
export class RemoteStates {
  private states: RemoteView[];
  private readonly listeners = new Set<() => void>();
  /** The latest read of each remote: an older one that settles later is ignored. */
  private readonly latest = new Map<string, Promise<RemoteState>>();

  constructor(
    remotes: RemoteEntry[],
    private readonly discover: Discover = discoverOne,
  ) {
    this.states = remotes.map((remote) => pending(remote, undefined));
  }

  readonly snapshot = (): RemoteView[] => this.states;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads these remotes' manifests (again): each is pending until it answers or gives up. */
  readonly refresh = (remotes: RemoteEntry[]): void => {
    for (const remote of remotes) {
      const read = this.discover(remote).catch((error: unknown): RemoteState => ({
        name: remote.name,
        entry: remote.entry,
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
      }));
      this.latest.set(remote.name, read);
      this.update(remote.name, (current) => pending(remote, current));
      void read.then((state) => {
        if (this.latest.get(remote.name) === read) this.update(remote.name, () => state);
      });
    }
  };

  /**
   * Resolves once no remote is pending, or `enough` says the states will do (e.g. the page at the
   * address is known), or after `ms`, whichever comes first.
   */
  settled(ms: number, enough: (states: RemoteView[]) => boolean = () => false): Promise<void> {
    return new Promise((resolve) => {
      const isSettled = () => this.states.every((state) => state.status !== 'pending') || enough(this.states);
      let unsubscribe = () => {};
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(done, ms);
      unsubscribe = this.subscribe(() => {
        if (isSettled()) done();
      });
      if (isSettled()) done();
    });
  }

  private update(name: string, next: (current: RemoteView) => RemoteView): void {
    this.states = this.states.map((state) => (state.name === name ? next(state) : state));
    for (const listener of this.listeners) listener();
  }
}
