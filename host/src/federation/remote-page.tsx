import {
  Component,
  createElement,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { Spinner, StatePanel } from '@sso/shared/ui';
import { t } from '@sso/shared/i18n';
import type { RemoteEntry } from '@sso/shared/federation';
import { loadPage, loadedPage } from './load-page';
import { useKeepPrerenderedScreen } from '../routing/prerendered-screen';

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
          // The route waits while the remote is read again, then mounts a fresh page (no reset here).
          onRetry={this.props.onRetry}
        />
      );
    }
    return this.props.children;
  }
}

export function RemoteUnavailable({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <StatePanel
      page
      tone="error"
      title={t.federation.remoteFailedTitle}
      body={t.federation.remoteFailedBody(label)}
      onRetry={onRetry}
    />
  );
}

export function PageSpinner() {
  // The server's painted auth screen, if any, is what shows meanwhile (#root is hidden under it).
  useKeepPrerenderedScreen();
  return (
    <div style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
      <Spinner size={32} label={t.common.loading} />
    </div>
  );
}

/**
 * Renders the page once its code has loaded, a spinner until then; a failed load is thrown to the
 * boundary. Deliberately not Suspense: React holds a resolved Suspense boundary back for up to
 * 300 ms after its fallback showed, which cost every cold page load ~200 ms (issue 8).
 */
function LoadedPage({ page, ready }: { page: Promise<ComponentType>; ready: ComponentType | undefined }) {
  const [result, setResult] = useState<{ component?: ComponentType; error?: Error }>(
    ready ? { component: ready } : {},
  );
  useEffect(() => {
    if (ready) return;
    let live = true;
    page.then(
      (component) => live && setResult({ component }),
      (error: unknown) =>
        live && setResult({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [page, ready]);
  if (result.error) throw result.error;
  // The component comes from the federation runtime, resolved once per load: its identity is
  // stable across renders, so the page's state is not reset.
  return result.component ? createElement(result.component) : <PageSpinner />;
}

/**
 * Renders one remote route: page code loaded on visit, a spinner meanwhile, the fallback on failure.
 * `onRetry` reads the remote's manifest again (its routes wait meanwhile, so this page remounts and
 * starts a fresh load: a rejected load is not cached, load-page.ts and TOOLCHAIN).
 */
export function RemotePage({
  remote,
  module,
  onRetry,
}: {
  remote: RemoteEntry;
  module: string;
  onRetry: () => void;
}) {
  const page = useMemo(() => loadPage(remote.name, module), [remote.name, module]);
  return (
    <RemoteBoundary label={remote.name} onRetry={onRetry}>
      <LoadedPage page={page} ready={loadedPage(remote.name, module)} />
    </RemoteBoundary>
  );
}
