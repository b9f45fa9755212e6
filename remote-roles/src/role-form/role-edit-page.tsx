import { useMemo } from 'react';
import { Link, useParams } from '@sso/shared/navigation';
import { t } from '@sso/shared/i18n';
import { PageHeader, StatePanel, toast } from '@sso/shared/ui';
import { decodeRoleHashId } from '../routes/role-hash-id';
import { rolePaths } from '../routes/role-paths';
import { rolesText } from '../texts';
import { useUpdateRole } from './api/update-role';
import { RoleForm } from './role-form';
import { toRoleFormValues } from './role-form-model';
import styles from './role-edit-page.module.css';

/**
 * /edit-role/{hashId}: the role travels in the route (see role-hash-id.ts). A malformed hashId
 * shows a clear message and the way back, never a blank screen.
 */
export default function RoleEditPage() {
  const { hashId = '' } = useParams();
  const decoded = useMemo(() => decodeRoleHashId(hashId), [hashId]);
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
            <Link className={styles.back} to={rolePaths.list}>
              {rolesText.edit.backToList}
            </Link>
          }
        />
      </>
    );
  }

  const { role } = decoded;
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
