import { PageHeader, toast } from '@sso/shared/ui';
import { appsText } from '../texts';
import { useCreateApplication } from './api/create-application';
import { AppForm } from './app-form';
import { emptyAppFormValues } from './app-form-model';

/** /tambah-aplikasi: a new application with its menu tree (one POST); the server's message, then the list. */
export default function AppCreatePage() {
  const create = useCreateApplication();
  return (
    <>
      <PageHeader title={appsText.createTitle} />
      <AppForm
        defaultValues={emptyAppFormValues}
        onSave={async (payload) => {
          const response = await create.mutateAsync(payload);
          toast.success(response.message);
        }}
      />
    </>
  );
}
