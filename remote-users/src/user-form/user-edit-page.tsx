import { userSchema } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { userKeys } from '@sso/shared/query';
import { EditRecordPage } from '@sso/shared/ui-data';
import { texts } from '../texts';
import { useUserPrivilege } from '../privilege/user-privilege';
import { getUser } from './api/get-user';
import { useUpdateUser } from './api/update-user';
import { UserForm } from './user-form';
import { differsInForm, toUserChanges, toUserFormValues } from './user-form-model';

const editText = {
  backToList: texts.backToList,
  invalidTitle: texts.hashIdInvalidTitle,
  invalidBody: texts.hashIdInvalidBody,
  missingTitle: texts.missingTitle,
  missingBody: texts.missingBody,
};

/**
 * `/edit-user/{hashId}` (spec 2 "Edit User"): the user as the api holds it; a save sends the fields
 * that changed with the version read.
 */
export default function UserEditPage() {
  const update = useUpdateUser();
  const { isSelf } = useUserPrivilege();
  return (
    <EditRecordPage
      title={t.users.editTitle}
      linkSchema={userSchema}
      listPath={appPaths.users.list}
      text={editText}
      detailKey={userKeys.detail}
      read={getUser}
      differsInForm={differsInForm}
      form={(record, reload) => (
        <UserForm
          mode="edit"
          defaultValues={toUserFormValues(record)}
          onSave={(payload) => update.mutateAsync({ id: record.id, payload: toUserChanges(record, payload) })}
          onReload={reload}
          ownAccount={isSelf(record)}
        />
      )}
    />
  );
}
