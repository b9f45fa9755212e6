import { t } from '@sso/shared/i18n';
import { PageHeader } from '@sso/shared/ui';
import { useCreateUser } from './api/create-user';
import { UserForm } from './user-form';
import { emptyUserFormValues } from './user-form-model';

/** `/tambah-user` (spec 2 "Tambah User"). */
export default function UserCreatePage() {
  const create = useCreateUser();
  return (
    <>
      <PageHeader title={t.users.createTitle} />
      <UserForm mode="create" defaultValues={emptyUserFormValues} onSave={create.mutateAsync} />
    </>
  );
}
