import { useEffect, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { isVersionConflict, type RolePayload } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { Checkbox, SaveActions, useListReturn } from '@sso/shared/ui-data';
import {
  FormCard,
  FormServerError,
  TextField,
  VersionConflictAlert,
  useLeaveConfirmation,
} from '@sso/shared/ui';
import { useColors } from '../reference-data/get-colors';
import { rolesText } from '../texts';
import { ApplicationPicker } from './application-picker';
import { AdminScopeField, useOwnAdminScope } from './admin-scope-field';
import { ColorSwatches } from './color-swatches';
import {
  canSave,
  missingFields,
  roleFormSchema,
  toRolePayload,
  type RoleFormOutput,
  type RoleFormValues,
} from './role-form-model';
import type { Selection } from '../shared/selection';
import styles from './role-form.module.css';

/** Fields the api may name in `errors`, as the form names them. */
const ROLE_SERVER_FIELDS = ['name', 'color_id', 'applications', 'admin_scope'] as const;

export interface RoleFormProps {
  defaultValues: RoleFormValues;
  /** Saves the payload; resolves with the server's message, rejects with an ApiError. */
  onSave: (payload: RolePayload) => Promise<unknown>;
  /** Edit: reads the role again after a 409 of a stale version ("Muat ulang data"). */
  onReload?: () => void;
}

/**
 * Tambah Role / Edit Role (spec 2): colour, name, applications with their menu trees. Save is
 * disabled while the name is empty or no application is chosen (spec 5). A failed save keeps every
 * field and shows the server's message; leaving with changes asks first (spec 2 "Other").
 */
export function RoleForm({ defaultValues, onSave, onReload }: RoleFormProps) {
  // Batal and Simpan return to the list's place: its search, filters, sort and page (issue 37).
  const { go: returnToList } = useListReturn(appPaths.roles.list);
  const colors = useColors();
  const [serverError, setServerError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<RoleFormValues, unknown, RoleFormOutput>({
    defaultValues,
    resolver: zodResolver(roleFormSchema),
  });
  const colorField = useController({ control, name: 'color_id' });
  const scopeField = useController({ control, name: 'admin_scope' });
  const actorScope = useOwnAdminScope();
  // A new role of a scoped administrator starts at their own scope: "Seluruh grup" is not theirs to give.
  const isNew = defaultValues.name === '';
  useEffect(() => {
    if (isNew && actorScope === 'own' && getValues('admin_scope') === 'group') {
      scopeField.field.onChange('own');
    }
  }, [isNew, actorScope, getValues, scopeField.field]);
  const appsField = useController({ control, name: 'applications' });
  const name = useWatch({ control, name: 'name' });
  const applications = useWatch({ control, name: 'applications' });
  const colorId = useWatch({ control, name: 'color_id' });
  const twoStepField = useController({ control, name: 'requires_two_step' });

  useLeaveConfirmation(isDirty && !saved);

  // Navigate only once the saved state has rendered, so the leave guard is already off.
  useEffect(() => {
    if (saved) returnToList();
  }, [saved, returnToList]);

  // Rules apply to the current selection, also when they land after an await (a menu tree fetch).
  const updateSelection = (update: (selection: Selection) => Selection) => {
    appsField.field.onChange(update(getValues('applications')));
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    setConflict(false);
    try {
      await onSave(toRolePayload(values));
      setSaved(true);
    } catch (e) {
      const server = serverFieldErrors(e, ROLE_SERVER_FIELDS);
      for (const field of ROLE_SERVER_FIELDS) {
        const message = server.fields[field];
        if (message) setError(field, { type: 'server', message });
      }
      setServerError(server.message);
      // Someone saved this role since it was read: keep the input, offer the current role.
      setConflict(isVersionConflict(e));
    }
  });

  const saveAllowed = canSave({ name, applications });
  const missing = missingFields({ name, applications, color_id: colorId }).map(
    (field) =>
      ({
        color: rolesText.form.missingColor,
        name: rolesText.form.missingName,
        applications: rolesText.form.missingApplication,
      })[field],
  );

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <FormCard title={rolesText.form.infoSection}>
        <ColorSwatches
          colors={colors.data}
          loading={colors.isPending}
          failed={colors.isError}
          onRetry={() => void colors.refetch()}
          value={colorField.field.value}
          onChange={(id) => colorField.field.onChange(id)}
          error={errors.color_id?.message}
        />
        <TextField
          label={rolesText.form.name}
          placeholder={rolesText.form.namePlaceholder}
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...register('name')}
        />
        <AdminScopeField
          value={scopeField.field.value}
          onChange={(scope) => scopeField.field.onChange(scope)}
          actorScope={actorScope}
        />
      </FormCard>
      <FormCard title={rolesText.form.securitySection}>
        <Checkbox
          checked={twoStepField.field.value}
          onCheckedChange={(on) => twoStepField.field.onChange(on)}
          label={rolesText.form.requiresTwoStep}
        />
        <p className={styles.hint}>{rolesText.form.requiresTwoStepHint}</p>
      </FormCard>
      <FormCard title={rolesText.form.appsSection} hint={rolesText.form.appsHint}>
        <ApplicationPicker
          selection={applications}
          onChange={updateSelection}
          error={errors.applications?.message}
        />
      </FormCard>
      {serverError && conflict && onReload ? (
        <VersionConflictAlert message={serverError} dirty={isDirty} onReload={onReload} />
      ) : serverError ? (
        <FormServerError title={rolesText.form.saveFailed} message={serverError} />
      ) : null}
      <SaveActions
        onCancel={returnToList}
        disabled={!saveAllowed}
        saving={isSubmitting}
        hint={missing.length === 0 ? undefined : rolesText.form.missingHint(missing)}
      />
    </form>
  );
}
