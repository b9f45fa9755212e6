import { Fragment, useMemo, type ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { decodeHashId, type HashIdSchema } from '@sso/shared/federation';
import { useParams } from '@sso/shared/navigation';
import { editRecordQueryOptions } from '@sso/shared/query';
import {
  EditRecordState,
  PageHeader,
  RecordRefreshedNotice,
  StatePanel,
  buttonClassName,
  useEditedRecord,
} from '@sso/shared/ui';
import { BackToListLink } from './back-to-list-link';

/** The texts of an edit page's states. */
export interface EditRecordText {
  backToList: string;
  /** A malformed or tampered hashId. */
  invalidTitle: string;
  invalidBody: string;
  /** A record that no longer exists (404). */
  missingTitle: string;
  missingBody: string;
}

export interface EditRecordPageProps<Linked extends { id: number }, Detail> {
  title: string;
  /** What the link (`/edit-…/{hashId}`) carries: the record in the spec's form, of which only the id is used. */
  linkSchema: HashIdSchema<Linked>;
  listPath: string;
  text: EditRecordText;
  /** The record as the api holds it, read by id (EDIT_RECORD_QUERY: once, and on "Muat ulang data"). */
  detailKey: (id: number) => QueryKey;
  read: (id: number) => Promise<Detail>;
  /** Whether the record read differs, in what the form shows, from the copy in the link. */
  differsInForm: (linked: Linked, record: Detail) => boolean;
  /** The form of the record; each reload starts it again. */
  form: (record: Detail, reload: () => void) => ReactNode;
}

/**
 * An edit page of a record linked by hashId (issue 23): the link keeps the spec's form, but only its
 * id is used; the form shows the record as the api holds it, so a forged or old link changes
 * nothing. A malformed hashId shows a clear message and the way back, never a blank screen.
 */
export function EditRecordPage<Linked extends { id: number }, Detail>(
  props: EditRecordPageProps<Linked, Detail>,
) {
  const { hashId = '' } = useParams();
  const { linkSchema } = props;
  const decoded = useMemo(() => decodeHashId(hashId, linkSchema), [hashId, linkSchema]);

  if (!decoded.ok) {
    return <InvalidLinkState pageTitle={props.title} text={props.text} listPath={props.listPath} />;
  }
  // Another record in the route is another page.
  return <RecordEditor key={decoded.value.id} linked={decoded.value} {...props} />;
}

/** An edit page whose link is malformed or tampered: a clear message and the way back, never a blank screen. */
export function InvalidLinkState({
  pageTitle,
  text,
  listPath,
}: {
  pageTitle: string;
  text: Pick<EditRecordText, 'invalidTitle' | 'invalidBody' | 'backToList'>;
  listPath: string;
}) {
  return (
    <>
      <PageHeader title={pageTitle} />
      <StatePanel
        tone="error"
        title={text.invalidTitle}
        body={text.invalidBody}
        action={
          <BackToListLink className={buttonClassName()} listPath={listPath}>
            {text.backToList}
          </BackToListLink>
        }
      />
    </>
  );
}

function RecordEditor<Linked extends { id: number }, Detail>({
  linked,
  title,
  listPath,
  text,
  detailKey,
  read,
  differsInForm,
  form,
}: EditRecordPageProps<Linked, Detail> & { linked: Linked }) {
  const query = useQuery(editRecordQueryOptions(detailKey(linked.id), () => read(linked.id)));
  const { record, loads, reload } = useEditedRecord(query);

  return (
    <>
      <PageHeader title={title} />
      {record ? (
        <>
          {differsInForm(linked, record) ? <RecordRefreshedNotice /> : null}
          <Fragment key={loads}>{form(record, () => void reload())}</Fragment>
        </>
      ) : (
        <EditRecordState
          query={query}
          missingTitle={text.missingTitle}
          missingBody={text.missingBody}
          backAction={
            <BackToListLink className={buttonClassName('secondary')} listPath={listPath}>
              {text.backToList}
            </BackToListLink>
          }
        />
      )}
    </>
  );
}
