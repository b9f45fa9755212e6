import { useMemo } from 'react';
import { z } from 'zod';
import { useParams } from '@sso/shared/navigation';
import { toApiError } from '@sso/shared/api';
import { idSchema } from '@sso/shared/contract';
import { appPaths, decodeHashId } from '@sso/shared/federation';
import { FormSkeleton, PageHeader, StatePanel, buttonClassName, toast } from '@sso/shared/ui';
import { BackToListLink } from '@sso/shared/ui-data';
import { appsText } from '../texts';
import { useApplication } from './api/get-application';
import { useUpdateApplication } from './api/update-application';
import { AppForm } from './app-form';
import { toAppFormValues } from './app-form-model';

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

  const back = (
    <BackToListLink className={buttonClassName()} listPath={appPaths.apps.list}>
      {appsText.edit.backToList}
    </BackToListLink>
  );
  if (!decoded.ok) {
    return (
      <>
        <PageHeader title={appsText.editTitle} />
        <StatePanel
          tone="error"
          title={appsText.edit.invalidTitle}
          body={appsText.edit.invalidBody}
          action={back}
        />
      </>
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
  return (
    <>
      <PageHeader title={appsText.editTitle} />
      <AppForm
        // Another application in the route is another form.
        key={saved.id}
        defaultValues={toAppFormValues(saved)}
        lockedMenuIds={saved.locked_menu_ids}
        generatedLogoUrl={saved.logo_uploaded ? undefined : saved.logo_url}
        onSave={async (payload) => {
          const response = await update.mutateAsync({ id: saved.id, payload });
          toast.success(response.message);
        }}
      />
    </>
  );
}
