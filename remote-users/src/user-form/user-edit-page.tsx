import { useMemo } from 'react';
import { Link, useParams } from '@sso/shared/navigation';
import { userSchema } from '@sso/shared/contract';
import { appPaths, decodeHashId } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { PageHeader, StatePanel, buttonClassName } from '@sso/shared/ui';
import { texts } from '../texts';
import { useUserPrivilege } from '../privilege/user-privilege';
import { useUpdateUser } from './api/update-user';
import { UserForm } from './user-form';
import { toUserFormValues } from './user-form-model';

/**
 * `/edit-user/{hashId}` (spec 2 "Edit User"): the user travels in the route. A malformed or
 * tampered hashId shows a clear message and a way back, never a crash.
 */
export default function UserEditPage() {
  const { hashId = '' } = useParams();
  const decoded = useMemo(() => decodeHashId(hashId, userSchema), [hashId]);
  const update = useUpdateUser();
  const { isSelf } = useUserPrivilege();

  if (!decoded.ok) {
    return (
      <>
        <PageHeader title={t.users.editTitle} />
        <StatePanel
          tone="error"
          title={texts.hashIdInvalidTitle}
          body={texts.hashIdInvalidBody}
          action={
            <Link className={buttonClassName()} to={appPaths.users.list}>
              {texts.backToList}
            </Link>
          }
        />
      </>
    );
  }
  const user = decoded.value;
  return (
    <>
      <PageHeader title={t.users.editTitle} />
      <UserForm
        key={hashId}
        mode="edit"
        defaultValues={toUserFormValues(user)}
        onSave={(payload) => update.mutateAsync({ id: user.id, payload })}
        ownAccount={isSelf(user)}
      />
    </>
  );
}
