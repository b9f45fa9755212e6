import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useNavigate, useParams } from '@sso/shared/navigation';
import { toApiError } from '@sso/shared/api';
import { SSO_PANEL_APP_ID, idSchema, type ClientSecret } from '@sso/shared/contract';
import { appPaths, decodeHashId } from '@sso/shared/federation';
import { FormSkeleton, PageHeader, StatePanel, buttonClassName } from '@sso/shared/ui';
import { ClientSecretPanel } from '../shared/sso/client-secret-panel';
import { BackToListLink, InvalidLinkState } from '@sso/shared/ui-data';
import { appsText } from '../texts';
import { useApplication } from '../api/get-application';
import { useUpdateApplication } from './api/update-application';
import { AppForm } from './app-form';
import { toAppFormValues } from './app-form-model';
import { announceSaved } from './saved-answer';

/** What the link carries: the id (the record itself is read from the api) and the name. */
const linkSchema = z.object({ id: idSchema, name: z.string().optional() });

/**
 * /edit-aplikasi/{hashId}: only the id is taken from the link; the application and its menu tree
 * are read from the api, so the form never starts from a stale or forged copy. A malformed link or
 * an application that is gone shows a clear message and the way back, never a blank screen.
 */
export default function AppEditPage() {
  const { hashId = '' } = useParams();
  const decoded = useMemo(() => decodeHashId(hashId, linkSchema), [hashId]);
  const app = useApplication(decoded.ok ? decoded.value.id : null);
  const update = useUpdateApplication();
  const navigate = useNavigate();
  // A secret made by the save (a public client made confidential), shown this once.
  const [secret, setSecret] = useState<ClientSecret | null>(null);

  const back = (
    <BackToListLink className={buttonClassName()} listPath={appPaths.apps.list}>
      {appsText.edit.backToList}
    </BackToListLink>
  );
  if (!decoded.ok) {
    return (
      <InvalidLinkState pageTitle={appsText.editTitle} text={appsText.edit} listPath={appPaths.apps.list} />
    );
  }
  if (app.isError) {
    const error = toApiError(app.error);
    return (
      <>
        <PageHeader title={appsText.editTitle} />
        <StatePanel
          tone="error"
          title={error.status === 404 ? appsText.edit.notFoundTitle : appsText.edit.failedTitle}
          body={error.message}
          onRetry={error.status === 404 ? undefined : () => void app.refetch()}
          action={back}
        />
      </>
    );
  }
  if (!app.data) {
    return (
      <>
        <PageHeader title={appsText.editTitle} />
        <FormSkeleton />
      </>
    );
  }
  const saved = app.data;
  if (secret) {
    return (
      <>
        <PageHeader title={appsText.editTitle} />
        <ClientSecretPanel
          clientId={secret.client_id}
          secret={secret.client_secret}
          lead={appsText.sso.savedWithSecret}
          onDone={() => void navigate(appPaths.apps.list)}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader title={appsText.editTitle} />
      <AppForm
        // Another application in the route is another form.
        key={saved.id}
        defaultValues={toAppFormValues(saved)}
        lockedMenuIds={saved.locked_menu_ids}
        fixedTree={saved.id === SSO_PANEL_APP_ID}
        generatedLogoUrl={saved.logo_uploaded ? undefined : saved.logo_url}
        ssoClient={saved.sso}
        appId={saved.id}
        ssoAvailable={saved.id !== SSO_PANEL_APP_ID}
        onSave={async (payload) =>
          announceSaved(await update.mutateAsync({ id: saved.id, payload }), setSecret)
        }
      />
    </>
  );
}
