import { useEffect, useId, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { APPLICATION_LIMITS, type ApplicationPayload, type SsoClient } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { SaveActions, useListReturn } from '@sso/shared/ui-data';
import { FieldError, FormCard, FormServerError, TextField, useLeaveConfirmation } from '@sso/shared/ui';
import { appsText } from '../texts';
import {
  appFormSchema,
  canSave,
  toApplicationPayload,
  type AppFormOutput,
  type AppFormValues,
} from './app-form-model';
import { LogoField } from './logo-field';
import { MenuTreeEditor } from './menu-tree-editor';
import { SsoClientSection } from './sso-client-section';
import styles from './app-form.module.css';

/** Fields the api may name in `errors` (`menus.1.name` belongs to `menus`), as the form names them. */
const SERVER_FIELDS = {
  name: 'name',
  descriptions: 'descriptions',
  url: 'url',
  menus: 'menus',
  logo_id: 'logo',
  logo: 'logo',
  sso: 'sso',
} as const;

export interface AppFormProps {
  defaultValues: AppFormValues;
  /** Menus the panel's access model uses (edit of app 1). */
  lockedMenuIds?: readonly number[];
  /** App 1: its menu tree is the panel's own and cannot be extended. */
  fixedTree?: boolean;
  /** The generated logo of a saved application, shown while no upload is chosen. */
  generatedLogoUrl?: string | undefined;
  /**
   * Saves the payload; rejects with an ApiError. Resolves `false` when the page shows something
   * before the list (a client secret made by the save); anything else goes back to the list.
   */
  onSave: (payload: ApplicationPayload) => Promise<unknown>;
  /** "Integrasi SSO": the saved client (null: none yet) and the application's id (edit). */
  ssoClient?: SsoClient | null;
  appId?: number | undefined;
  /** False for app 1 (this panel): it has no client and keeps the spec's own chain. */
  ssoAvailable?: boolean;
}

/**
 * Tambah Aplikasi / Edit Aplikasi: name, description, URL, logo and the menu tree, saved in one
 * request. A failed save keeps every field and shows the server's message (a 409 naming the roles
 * that still grant a removed menu); leaving with changes asks "Keluar tanpa menyimpan?".
 */
export function AppForm({
  defaultValues,
  lockedMenuIds = [],
  fixedTree = false,
  generatedLogoUrl,
  onSave,
  ssoClient = null,
  appId,
  ssoAvailable = true,
}: AppFormProps) {
  // Batal and Simpan return to the list's place: its search, filters, sort and page (issue 37).
  const { go: returnToList } = useListReturn(appPaths.apps.list);
  const ids = { description: useId() };
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<AppFormValues, unknown, AppFormOutput>({ defaultValues, resolver: zodResolver(appFormSchema) });
  const menusField = useController({ control, name: 'menus' });
  const logoField = useController({ control, name: 'logo' });
  const [name, url] = useWatch({ control, name: ['name', 'url'] });

  useLeaveConfirmation(isDirty && !saved);

  // Navigate only once the saved state has rendered, so the leave guard is already off.
  useEffect(() => {
    if (saved) returnToList();
  }, [saved, returnToList]);

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const next = await onSave(toApplicationPayload(values, ssoAvailable));
      if (next !== false) setSaved(true);
    } catch (e) {
      const server = serverFieldErrors(e, SERVER_FIELDS);
      for (const field of ['name', 'descriptions', 'url'] as const) {
        const message = server.fields[field];
        if (message) setError(field, { type: 'server', message });
      }
      setServerError(server.fields.menus ?? server.fields.logo ?? server.fields.sso ?? server.message);
    }
  });

  const saveAllowed = canSave({ name, url });
  const menuErrors = errors.menus;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <FormCard title={appsText.form.infoSection}>
        <TextField
          label={appsText.form.name}
          placeholder={appsText.form.namePlaceholder}
          autoComplete="off"
          maxLength={APPLICATION_LIMITS.name}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className={styles.field}>
          <label className={styles.label} htmlFor={ids.description}>
            {appsText.form.description}
          </label>
          <textarea
            id={ids.description}
            className={`${styles.textarea} ${errors.descriptions ? styles.invalid : ''}`}
            placeholder={appsText.form.descriptionPlaceholder}
            maxLength={APPLICATION_LIMITS.descriptions}
            rows={3}
            aria-invalid={errors.descriptions ? true : undefined}
            aria-describedby={errors.descriptions ? `${ids.description}-error` : undefined}
            {...register('descriptions')}
          />
          <FieldError id={`${ids.description}-error`} message={errors.descriptions?.message} />
        </div>
        <TextField
          label={appsText.form.url}
          placeholder={appsText.form.urlPlaceholder}
          hint={appsText.form.urlHint}
          type="url"
          inputMode="url"
          autoComplete="off"
          error={errors.url?.message}
          {...register('url')}
        />
        <LogoField
          value={logoField.field.value}
          onChange={logoField.field.onChange}
          generatedUrl={logoField.field.value.id === null ? undefined : generatedLogoUrl}
        />
      </FormCard>
      <FormCard title={appsText.form.menuSection} hint={appsText.form.menuHint}>
        <MenuTreeEditor
          value={menusField.field.value}
          onChange={menusField.field.onChange}
          lockedIds={new Set(lockedMenuIds)}
          fixed={fixedTree}
          errors={menuErrors}
          error={menuErrors?.message ?? menuErrors?.root?.message}
        />
      </FormCard>
      {ssoAvailable ? (
        <SsoClientSection
          control={control}
          register={register}
          errors={errors.sso}
          saved={ssoClient}
          appId={appId}
        />
      ) : (
        <FormCard title={appsText.sso.section} hint={appsText.sso.panelHint}>
          {null}
        </FormCard>
      )}
      {serverError ? <FormServerError title={appsText.form.saveFailed} message={serverError} /> : null}
      {/* Sticky, as every long form's: Simpan and Batal stay in view on a long menu tree. */}
      <SaveActions
        onCancel={returnToList}
        disabled={!saveAllowed}
        saving={isSubmitting}
        hint={saveAllowed ? undefined : appsText.form.saveDisabledHint}
      />
    </form>
  );
}
