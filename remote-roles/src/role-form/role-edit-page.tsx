import { useMemo } from 'react';
import { Link, useParams } from '@sso/shared/navigation';
import { roleSchema } from '@sso/shared/contract';
import { appPaths, decodeHashId } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { PageHeader, StatePanel, buttonClassName, toast } from '@sso/shared/ui';
import { rolesText } from '../texts';
import { useUpdateRole } from './api/update-role';
import { RoleForm } from './role-form';
import { toRoleFormValues } from './role-form-model';

/**
 * /edit-role/{hashId}: the role travels in the route (`decodeHashId` of @sso/shared/federation). A malformed hashId
 * shows a clear message and the way back, never a blank screen.
 */
export default function RoleEditPage() {
  const { hashId = '' } = useParams();
  const decoded = useMemo(() => decodeHashId(hashId, roleSchema), [hashId]);
  const updateRole = useUpdateRole();

  if (!decoded.ok) {
    return (
      <>
        <PageHeader title={t.roles.editTitle} />
        <StatePanel
          tone="error"
          title={rolesText.edit.invalidTitle}
          body={rolesText.edit.invalidBody}
          action={
            <Link className={buttonClassName()} to={appPaths.roles.list}>
              {rolesText.edit.backToList}
            </Link>
          }
        />
      </>
    );
  }

  const role = decoded.value;
  return (
    <>
      <PageHeader title={t.roles.editTitle} />
      <RoleForm
        // A different role in the route is a different form.
        key={role.id}
        defaultValues={toRoleFormValues(role)}
        onSave={async (payload) => {
          const response = await updateRole.mutateAsync({ id: role.id, payload });
          toast.success(response.message);
        }}
      />
    </>
  );
}
