import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { OWN_ROLE_MESSAGE } from '@sso/shared/access';
import { SCOPE_FORM_HINT, isVersionConflict, type UserPayload } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import {
  FormCard,
  FormServerError,
  StatePanel,
  TextField,
  VersionConflictAlert,
  safeHexColor,
  toast,
  useLeaveConfirmation,
} from '@sso/shared/ui';
import { SaveActions, Select, useListReturn } from '@sso/shared/ui-data';
import styles from './user-form.module.css';
import { texts } from '../texts';
import { useCompanies } from '../reference-data/get-companies';
import { useRoleOptions } from '../reference-data/get-role-options';
import { useUserPrivilege } from '../privilege/user-privilege';
import { useOwnAdminScope } from '../privilege/own-admin-scope';
import { reduceApSelection } from '../shared/ap-selection';
import { ApUnitPicker } from '../shared/ap-unit-picker';
import { EmployeePicker } from './employee-picker';
import {
  missingUserFields,
  toUserPayload,
  userFormSchema,
  userServerFields,
  type UserFormValues,
  type ValidUserForm,
} from './user-form-model';

export interface UserFormProps {
  /** `create`: the name comes from the employee picker; `edit`: name, NIK and phone are read-only. */
  mode: 'create' | 'edit';
  defaultValues: UserFormValues;
  /** Saves; resolves with the server's message, rejects with an ApiError. */
  onSave: (payload: UserPayload) => Promise<{ message: string }>;
  /** The signed-in user's own account: its role cannot be changed (issue 18). */
  ownAccount?: boolean;
  /** Edit: reads the user again after a 409 of a stale version ("Muat ulang data"). */
  onReload?: () => void;
}

/** Tambah/Edit User (spec 2, 5): react-hook-form + zod; the api is reached only through `onSave`. */
export function UserForm({ mode, defaultValues, onSave, ownAccount = false, onReload }: UserFormProps) {
  // Batal and Simpan return to the list's place: its search, filters, sort and page (issue 37).
  const { go: returnToList } = useListReturn(appPaths.users.list);
  const companies = useCompanies();
  const roles = useRoleOptions();
  const privilege = useUserPrivilege();
  // Issue 32: a scoped administrator is offered their own APs and units only (the api's companies).
  const scoped = useOwnAdminScope() === 'own';
  const [typed, setTyped] = useState('');
  const [saved, setSaved] = useState(false);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  const form = useForm<UserFormValues, unknown, ValidUserForm>({
    resolver: zodResolver(userFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;
  const [person, roleId, chosen] = useWatch({ control, name: ['person', 'roleId', 'companies'] });

  // Spec 2 "Other": leaving with entered data asks first; after a successful save it does not.
  const dirty = !saved && (formState.isDirty || typed.trim() !== '');
  useLeaveConfirmation(dirty);
  useEffect(() => {
    if (saved) returnToList();
  }, [saved, returnToList]);

  const submit = handleSubmit(async (values) => {
    setServerMessage(null);
    setConflict(false);
    try {
      const response = await onSave(toUserPayload(values, companies.data ?? []));
      toast.success(response.message);
      setSaved(true);
    } catch (error) {
      const server = serverFieldErrors(error, userServerFields);
      setServerMessage(server.message);
      // Someone saved this user since it was read: keep the input, offer the current record.
      setConflict(isVersionConflict(error));
      for (const field of Object.values(userServerFields)) {
        const message = server.fields[field];
        if (message) setError(field, { type: 'server', message });
      }
    }
  });

  if (companies.isError || roles.isError) {
    return (
      <StatePanel
        tone="error"
        title={texts.referenceFailed}
        onRetry={() => {
          void companies.refetch();
          void roles.refetch();
        }}
      />
    );
  }

  const missing = missingUserFields({ person, roleId, companies: chosen }, companies.data ?? []);
  const personErrors = formState.errors.person;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <FormCard title={texts.employeeSection}>
        {mode === 'create' ? (
          <Controller
            control={control}
            name="person"
            render={({ field, fieldState }) => (
              <EmployeePicker
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onTextChange={setTyped}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : (
          <TextField
            label={t.users.fieldName}
            value={person?.nama ?? ''}
            readOnly
            error={personErrors?.message}
          />
        )}
        <div className={styles.row}>
          <TextField
            label={t.users.fieldNik}
            value={person?.nik ?? ''}
            readOnly
            error={personErrors?.nik?.message}
          />
          <TextField
            label={t.users.fieldPhone}
            value={person?.phone ?? ''}
            readOnly
            error={personErrors?.phone?.message}
          />
        </div>
      </FormCard>
      <FormCard title={texts.accessSection} hint={scoped ? SCOPE_FORM_HINT : undefined}>
        <Controller
          control={control}
          name="roleId"
          render={({ field, fieldState }) => (
            <div
              onBlur={(event) => {
                const next = event.relatedTarget;
                if (!(next instanceof Node) || !event.currentTarget.contains(next)) field.onBlur();
              }}
            >
              <Select<number>
                label={t.users.fieldRole}
                placeholder={texts.rolePlaceholder}
                // Only roles the signed-in user may give (the current one stays, to be shown).
                options={(roles.data ?? [])
                  .filter((role) => privilege.mayGive(role.id) || role.id === defaultValues.roleId)
                  .map((role) => ({
                    value: role.id,
                    label: role.name,
                    color: safeHexColor(role.color.hex_code),
                  }))}
                loading={roles.isPending}
                disabled={ownAccount}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
              {ownAccount ? <p className={styles.hint}>{OWN_ROLE_MESSAGE}</p> : null}
            </div>
          )}
        />
        <Controller
          control={control}
          name="companies"
          render={({ field, fieldState }) => (
            <ApUnitPicker
              companies={companies.data ?? []}
              loading={companies.isPending}
              value={field.value}
              onAction={(action) =>
                form.setValue('companies', reduceApSelection(field.value, action, companies.data ?? []), {
                  shouldDirty: true,
                  shouldTouch: true,
                  shouldValidate: true,
                })
              }
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </FormCard>
      {serverMessage && conflict && onReload ? (
        <VersionConflictAlert message={serverMessage} dirty={dirty} onReload={onReload} />
      ) : serverMessage ? (
        <FormServerError title={texts.saveFailed} message={serverMessage} />
      ) : null}
      <SaveActions
        onCancel={returnToList}
        disabled={missing.length > 0}
        saving={formState.isSubmitting}
        hint={missing.length === 0 ? undefined : texts.missingHint(missing)}
      />
    </form>
  );
}
