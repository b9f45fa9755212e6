import { useMemo } from 'react';
import { useParams } from '@sso/shared/navigation';
import { userSchema, type User } from '@sso/shared/contract';
import { appPaths, decodeHashId } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { BackToListLink } from '@sso/shared/ui-data';
import {
  EditRecordState,
  PageHeader,
  RecordRefreshedNotice,
  StatePanel,
  buttonClassName,
  useEditedRecord,
} from '@sso/shared/ui';
import { texts } from '../texts';
import { useUserPrivilege } from '../privilege/user-privilege';
import { useUserDetail } from './api/get-user';
import { useUpdateUser } from './api/update-user';
import { UserForm } from './user-form';
import { differsInForm, toUserChanges, toUserFormValues } from './user-form-model';

const backToList = (
  <BackToListLink className={buttonClassName('secondary')} listPath={appPaths.users.list}>
    {texts.backToList}
  </BackToListLink>
);

/**
 * `/edit-user/{hashId}` (spec 2 "Edit User"). The link keeps the spec's form (the user encoded in
 * it), but only its id is used: the form shows the user as the api holds it, and a save sends the
 * fields that changed with the version read (issue 23: a forged or old link changes nothing). A
 * malformed or tampered hashId shows a clear message and a way back, never a crash.
 */
export default function UserEditPage() {
  const { hashId = '' } = useParams();
  const decoded = useMemo(() => decodeHashId(hashId, userSchema), [hashId]);

  if (!decoded.ok) {
    return (
      <>
        <PageHeader title={t.users.editTitle} />
        <StatePanel
          tone="error"
          title={texts.hashIdInvalidTitle}
          body={texts.hashIdInvalidBody}
          action={
            <BackToListLink className={buttonClassName()} listPath={appPaths.users.list}>
              {texts.backToList}
            </BackToListLink>
          }
        />
      </>
    );
  }
  // Another user in the route is another page.
  return <UserEditor key={decoded.value.id} linked={decoded.value} />;
}

function UserEditor({ linked }: { linked: User }) {
  const query = useUserDetail(linked.id);
  const { record, loads, reload } = useEditedRecord(query);
  const update = useUpdateUser();
  const { isSelf } = useUserPrivilege();

  return (
    <>
      <PageHeader title={t.users.editTitle} />
      {record ? (
        <>
          {differsInForm(linked, record) ? <RecordRefreshedNotice /> : null}
          <UserForm
            key={loads}
            mode="edit"
            defaultValues={toUserFormValues(record)}
            onSave={(payload) =>
              update.mutateAsync({ id: record.id, payload: toUserChanges(record, payload) })
            }
            onReload={() => void reload()}
            ownAccount={isSelf(record)}
          />
        </>
      ) : (
        <EditRecordState
          query={query}
          missingTitle={texts.missingTitle}
          missingBody={texts.missingBody}
          backAction={backToList}
        />
      )}
    </>
  );
}
