import { useState } from 'react';
import type { ClientSecret } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { useNavigate } from '@sso/shared/navigation';
import { PageHeader, toast } from '@sso/shared/ui';
import { ClientSecretPanel } from '../shared/sso/client-secret-panel';
import { appsText } from '../texts';
import { useCreateApplication } from './api/create-application';
import { AppForm } from './app-form';
import { emptyAppFormValues } from './app-form-model';

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
          onSave={async (payload) => {
            const response = await create.mutateAsync(payload);
            toast.success(response.message);
            const { sso, client_secret } = response.data;
            if (!sso || client_secret === undefined) return true;
            setSecret({ client_id: sso.client_id, client_secret });
            return false;
          }}
        />
      )}
    </>
  );
}
