import { useState } from 'react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { toApiError } from '@sso/shared/api';
import { SSO_CLIENT_LIMITS, type ClientSecret, type SsoClient } from '@sso/shared/contract';
import { Button, CloseIcon, FormCard, TextField, confirm } from '@sso/shared/ui';
import { useRegenerateSecret } from './api/regenerate-secret';
import type { AppFormValues } from './app-form-model';
import { appsText } from '../texts';
import { ClientSecretPanel } from '../shared/sso/client-secret-panel';
import { CopyableValue } from '../shared/sso/copyable-value';
import styles from './sso-client-section.module.css';

const text = appsText.sso;

/** Every URI input of the client: a URL of at most the contract's length, not autofilled. */
const uriInput = {
  type: 'url',
  inputMode: 'url',
  autoComplete: 'off',
  maxLength: SSO_CLIENT_LIMITS.uri,
} as const;

export interface SsoClientSectionProps {
  control: Control<AppFormValues>;
  register: UseFormRegister<AppFormValues>;
  errors: FieldErrors<AppFormValues>['sso'];
  /** The saved client (edit), null when the application has none yet. */
  saved: SsoClient | null;
  /** The saved application's id, for "Buat ulang secret" (edit only). */
  appId?: number | undefined;
}

/**
 * "Integrasi SSO" of Tambah/Edit Aplikasi: on or off, client id (copyable), type (confidential with
 * a secret, or public with PKCE), redirect URIs, post-logout redirect URIs, back-channel logout and
 * "URL mulai masuk". Saved with the application; "Buat ulang secret" acts at once (after a question).
 */
export function SsoClientSection({ control, register, errors, saved, appId }: SsoClientSectionProps) {
  const [enabled, clientType] = useWatch({ control, name: ['sso.enabled', 'sso.client_type'] });
  return (
    <FormCard title={text.section} hint={text.sectionHint}>
      <label className={styles.toggle}>
        <input type="checkbox" {...register('sso.enabled')} />
        <span>{text.enable}</span>
      </label>
      {!enabled ? (
        <p className={saved ? styles.removeHint : styles.hint}>
          {saved ? text.removeHint : text.disabledHint}
        </p>
      ) : (
        <div className={styles.body}>
          {saved ? (
            <CopyableValue label={text.clientId} value={saved.client_id} />
          ) : (
            <div className={styles.readOnly}>
              <span className={styles.label}>{text.clientId}</span>
              <span className={styles.muted}>{text.clientIdPending}</span>
            </div>
          )}
          <fieldset className={styles.types}>
            <legend className={styles.label}>{text.type}</legend>
            <label className={styles.type}>
              <input type="radio" value="confidential" {...register('sso.client_type')} />
              <span>
                <strong>{text.confidential}</strong>
                <span className={styles.muted}>{text.confidentialHint}</span>
              </span>
            </label>
            <label className={styles.type}>
              <input type="radio" value="public" {...register('sso.client_type')} />
              <span>
                <strong>{text.public}</strong>
                <span className={styles.muted}>{text.publicHint}</span>
              </span>
            </label>
          </fieldset>
          {clientType === 'confidential' ? <SecretRow saved={saved} appId={appId} /> : null}
          <UriList
            control={control}
            register={register}
            name="sso.redirect_uris"
            label={text.redirectUris}
            hint={text.redirectUrisHint}
            errors={errors?.redirect_uris}
          />
          <UriList
            control={control}
            register={register}
            name="sso.post_logout_redirect_uris"
            label={text.postLogoutUris}
            hint={text.postLogoutUrisHint}
            errors={errors?.post_logout_redirect_uris}
          />
          <TextField
            label={text.backchannel}
            hint={text.backchannelHint}
            placeholder="https://aplikasi.perusahaan.co.id/backchannel-logout"
            {...uriInput}
            error={errors?.backchannel_logout_uri?.message}
            {...register('sso.backchannel_logout_uri')}
          />
          <TextField
            label={text.initiateLogin}
            hint={text.initiateLoginHint}
            placeholder="https://aplikasi.perusahaan.co.id/login"
            {...uriInput}
            error={errors?.initiate_login_uri?.message}
            {...register('sso.initiate_login_uri')}
          />
        </div>
      )}
    </FormCard>
  );
}

/** The secret of a confidential client: made on save, or kept (hash only) with "Buat ulang secret". */
function SecretRow({ saved, appId }: { saved: SsoClient | null; appId: number | undefined }) {
  const regenerate = useRegenerateSecret();
  const [fresh, setFresh] = useState<ClientSecret | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stored = saved?.client_type === 'confidential';

  const onRegenerate = async () => {
    if (appId === undefined) return;
    const ok = await confirm({
      variant: 'warning',
      title: text.regenerateTitle,
      body: text.regenerateBody,
      confirmLabel: text.regenerate,
    });
    if (!ok) return;
    setError(null);
    try {
      setFresh(await regenerate.mutateAsync(appId));
    } catch (e) {
      setError(toApiError(e).message);
    }
  };

  return (
    <div className={styles.secret}>
      <div className={styles.readOnly}>
        <span className={styles.label}>{text.secret}</span>
        <span className={styles.muted}>{stored ? text.secretSaved : text.secretOnSave}</span>
      </div>
      {stored && appId !== undefined ? (
        <div>
          <Button variant="secondary" loading={regenerate.isPending} onClick={() => void onRegenerate()}>
            {text.regenerate}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {text.regenerateFailed}: {error}
        </p>
      ) : null}
      {fresh ? <ClientSecretPanel clientId={fresh.client_id} secret={fresh.client_secret} /> : null}
    </div>
  );
}

type UriListName = 'sso.redirect_uris' | 'sso.post_logout_redirect_uris';

interface UriListProps {
  control: Control<AppFormValues>;
  register: UseFormRegister<AppFormValues>;
  name: UriListName;
  label: string;
  hint: string;
  errors: NonNullable<FieldErrors<AppFormValues>['sso']>['redirect_uris'];
}

/** A list of URIs, one input each, with "+ Tambah …" and a remove button per row. */
function UriList({ control, register, name, label, hint, errors }: UriListProps) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className={styles.list}>
      <legend className={styles.label}>{label}</legend>
      <p className={styles.hint}>{hint}</p>
      {fields.length === 0 ? <p className={styles.muted}>{text.noUris}</p> : null}
      {fields.map((field, i) => (
        <div key={field.id} className={styles.uriRow}>
          <TextField
            className={styles.uriField}
            label={text.uriLabel(label, i + 1)}
            placeholder={text.uriPlaceholder}
            {...uriInput}
            error={errors?.[i]?.value?.message}
            {...register(`${name}.${i}.value`)}
          />
          <Button
            variant="ghost"
            className={styles.remove}
            aria-label={text.removeUri(label, i + 1)}
            onClick={() => remove(i)}
          >
            <CloseIcon size={16} />
          </Button>
        </div>
      ))}
      {listError ? (
        <p className={styles.error} role="alert">
          {listError}
        </p>
      ) : null}
      {fields.length < SSO_CLIENT_LIMITS.uris ? (
        <div>
          <Button variant="secondary" onClick={() => append({ value: '' })}>
            {text.addUri(label)}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
