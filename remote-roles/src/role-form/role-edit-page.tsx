import { useMemo } from 'react';
import { useParams } from '@sso/shared/navigation';
import { roleSchema, type Role } from '@sso/shared/contract';
import { appPaths, decodeHashId } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { BackToListLink } from '@sso/shared/ui-data';
import {
  EditRecordState,
  PageHeader,
  RecordRefreshedNotice,
  StatePanel,
  buttonClassName,
  toast,
  useEditedRecord,
} from '@sso/shared/ui';
import { rolesText } from '../texts';
import { useRoleDetail } from './api/get-role';
import { useUpdateRole } from './api/update-role';
import { RoleForm } from './role-form';
import { differsInForm, toRoleChanges, toRoleFormValues } from './role-form-model';

const backToList = (
  <BackToListLink className={buttonClassName('secondary')} listPath={appPaths.roles.list}>
    {rolesText.edit.backToList}
  </BackToListLink>
);

/**
 * /edit-role/{hashId}. The link keeps the spec's form (the role encoded in it, `decodeHashId` of
 * @sso/shared/federation), but only its id is used: the form shows the role as the api holds it,
 * and a save sends the fields that changed with the version read (issue 23: a forged or old link
 * changes nothing). A malformed hashId shows a clear message and the way back, never a blank screen.
 */
export default function RoleEditPage() {
  const { hashId = '' } = useParams();
  const decoded = useMemo(() => decodeHashId(hashId, roleSchema), [hashId]);

  if (!decoded.ok) {
    return (
      <>
        <PageHeader title={t.roles.editTitle} />
        <StatePanel
          tone="error"
          title={rolesText.edit.invalidTitle}
          body={rolesText.edit.invalidBody}
          action={
            <BackToListLink className={buttonClassName()} listPath={appPaths.roles.list}>
              {rolesText.edit.backToList}
            </BackToListLink>
          }
        />
      </>
    );
  }
  // Another role in the route is another page.
  return <RoleEditor key={decoded.value.id} linked={decoded.value} />;
}

function RoleEditor({ linked }: { linked: Role }) {
  const query = useRoleDetail(linked.id);
  const { record, loads, reload } = useEditedRecord(query);
  const updateRole = useUpdateRole();

  return (
    <>
      <PageHeader title={t.roles.editTitle} />
      {record ? (
        <>
          {differsInForm(linked, record) ? <RecordRefreshedNotice /> : null}
          <RoleForm
            key={loads}
            defaultValues={toRoleFormValues(record)}
            onSave={async (payload) => {
              const response = await updateRole.mutateAsync({
                id: record.id,
                payload: toRoleChanges(record, payload),
              });
              toast.success(response.message);
            }}
            onReload={() => void reload()}
          />
        </>
      ) : (
        <EditRecordState
          query={query}
          missingTitle={rolesText.edit.missingTitle}
          missingBody={rolesText.edit.missingBody}
          backAction={backToList}
        />
      )}
    </>
  );
}
