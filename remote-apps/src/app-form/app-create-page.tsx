import { useState } from 'react';
import type { ClientSecret } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { useNavigate } from '@sso/shared/navigation';
import { PageHeader } from '@sso/shared/ui';
import { ClientSecretPanel } from '../shared/sso/client-secret-panel';
import { appsText } from '../texts';
import { useCreateApplication } from './api/create-application';
import { AppForm } from './app-form';
import { emptyAppFormValues } from './app-form-model';
import { announceSaved } from './saved-answer';

/**
 * /tambah-aplikasi: a new application with its menu tree and SSO client (one POST); the server's
 * message, then the list, or first the client secret, shown this once.
 */
export default function AppCreatePage() {
  const create = useCreateApplication();
  const navigate = useNavigate();
  const [secret, setSecret] = useState<ClientSecret | null>(null);
  return (
    <>
      <PageHeader title={appsText.createTitle} />
      {secret ? (
        <ClientSecretPanel
          clientId={secret.client_id}
          secret={secret.client_secret}
          lead={appsText.sso.savedWithSecret}
          onDone={() => void navigate(appPaths.apps.list)}
        />
      ) : (
        <AppForm
          defaultValues={emptyAppFormValues}
          onSave={async (payload) => announceSaved(await create.mutateAsync(payload), setSecret)}
        />
      )}
    </>
  );
}
