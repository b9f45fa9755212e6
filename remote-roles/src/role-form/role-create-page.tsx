import { t } from '@sso/shared/i18n';
import { PageHeader, toast } from '@sso/shared/ui';
import { useCreateRole } from './api/create-role';
import { RoleForm } from './role-form';
import { emptyRoleFormValues } from './role-form-model';

/** /tambah-role: a new role (POST role/create); the server's message as a toast, then the list. */
export default function RoleCreatePage() {
  const createRole = useCreateRole();
  return (
    <>
      <PageHeader title={t.roles.createTitle} />
      <RoleForm
        defaultValues={emptyRoleFormValues}
        onSave={async (payload) => {
          const response = await createRole.mutateAsync(payload);
          toast.success(response.message);
        }}
      />
    </>
  );
}
