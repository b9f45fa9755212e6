import { Link } from '@sso/shared/navigation';
import { StatePanel } from '@sso/shared/ui';
import { t } from '@sso/shared/i18n';
import type { RemoteEntry } from '@sso/shared/federation';
import { RemoteUnavailable } from '../federation/remote-page';

/**
 * Unknown path. If some remote could not be read at start, the path may be one of its routes:
 * offer a retry instead of a dead end.
 */
export function NotFoundPage({ failed, onRetry }: { failed: RemoteEntry[]; onRetry: () => void }) {
  if (failed.length > 0) {
    return <RemoteUnavailable label={failed.map((r) => r.name).join(', ')} onRetry={onRetry} />;
  }
  return (
    <StatePanel
      page
      title={t.federation.pageNotFound}
      body="Alamat yang Anda buka tidak tersedia."
      action={<Link to="/">Kembali ke halaman awal</Link>}
    />
  );
}
