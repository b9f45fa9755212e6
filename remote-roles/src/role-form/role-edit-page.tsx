import { roleSchema } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { roleKeys } from '@sso/shared/query';
import { toast } from '@sso/shared/ui';
import { EditRecordPage } from '@sso/shared/ui-data';
import { rolesText } from '../texts';
import { getRole } from './api/get-role';
import { useUpdateRole } from './api/update-role';
import { RoleForm } from './role-form';
import { differsInForm, toRoleChanges, toRoleFormValues } from './role-form-model';

/** /edit-role/{hashId}: the role as the api holds it; a save sends the fields that changed with the version read. */
export default function RoleEditPage() {
  const updateRole = useUpdateRole();
  return (
    <EditRecordPage
      title={t.roles.editTitle}
      linkSchema={roleSchema}
      listPath={appPaths.roles.list}
      text={rolesText.edit}
      detailKey={roleKeys.detail}
      read={getRole}
      differsInForm={differsInForm}
      form={(record, reload) => (
        <RoleForm
          defaultValues={toRoleFormValues(record)}
          onSave={async (payload) => {
            const response = await updateRole.mutateAsync({
              id: record.id,
              payload: toRoleChanges(record, payload),
            });
            toast.success(response.message);
          }}
          onReload={reload}
        />
      )}
    />
  );
}
