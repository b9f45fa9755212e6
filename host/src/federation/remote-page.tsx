import {
  Component,
  Suspense,
  createElement,
  use,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { Spinner, StatePanel } from '@sso/shared/ui';
import { t } from '@sso/shared/i18n';
import type { RemoteEntry } from '@sso/shared/federation';
import { loadPage } from './load-page';
import { resetRemote } from './remote-registry';

interface BoundaryProps {
  onRetry: () => void;
  label: string;
  children: ReactNode;
}

/** Keeps a failing remote (down, hung or throwing) from taking the host down. */
class RemoteBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[remote ${this.props.label}]`, error.message, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <RemoteUnavailable
          label={this.props.label}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

export function RemoteUnavailable({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <StatePanel
      tone="error"
      title={t.federation.remoteFailedTitle}
      body={t.federation.remoteFailedBody(label)}
      onRetry={onRetry}
    />
  );
}

export function PageSpinner() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
      <Spinner size={32} label={t.common.loading} />
    </div>
  );
}

function LoadedPage({ page }: { page: Promise<ComponentType> }) {
  // The component comes from the federation runtime, resolved once per load and kept by the
  // memoised promise: its identity is stable across renders, so state is not reset.
  return createElement(use(page));
}

/** Renders one remote route: page code loaded on visit, a spinner meanwhile, the fallback on failure. */
export function RemotePage({ remote, module }: { remote: RemoteEntry; module: string }) {
  const [attempt, setAttempt] = useState(0);
  // A rejected load is not cached (load-page.ts): each retry starts a fresh load (TOOLCHAIN).
  const page = useMemo(() => {
    void attempt;
    return loadPage(remote.name, module);
  }, [remote.name, module, attempt]);
  return (
    <RemoteBoundary
      key={attempt}
      label={remote.name}
      onRetry={() => {
        resetRemote(remote);
        setAttempt((a) => a + 1);
      }}
    >
      <Suspense fallback={<PageSpinner />}>
        <LoadedPage page={page} />
      </Suspense>
    </RemoteBoundary>
  );
}
