import { getRuntimeConfig, type RemoteEntry } from '@sso/shared/federation';
import { PageHeader } from '@sso/shared/ui';
import hostPackage from '../../package.json';
import { checkRemotes } from '../federation/remote-status';
import { RemoteStatusSection } from './remote-status-section';

const noRemotes: RemoteEntry[] = [];

/** Settings: its heading and the status of every registered remote. Loaded with the route. */
export function SettingsPage() {
  const remotes = getRuntimeConfig()?.remotes ?? noRemotes;
  return (
    <>
      <PageHeader title="Settings" />
      <RemoteStatusSection remotes={remotes} hostVersion={hostPackage.version} check={checkRemotes} />
    </>
  );
}
