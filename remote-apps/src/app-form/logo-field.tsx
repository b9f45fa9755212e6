import { useId, useRef, useState } from 'react';
import { toApiError } from '@sso/shared/api';
import { APPLICATION_LIMITS } from '@sso/shared/contract';
import { Button, FieldError, safeHttpUrl } from '@sso/shared/ui';
import { appsText } from '../texts';
import { useUploadLogo } from './api/upload-logo';
import type { LogoValue } from './app-form-model';
import styles from './app-form.module.css';

const ACCEPT = 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg';

/** The file's bytes in base64 (what the upload call sends). */
function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export interface LogoFieldProps {
  value: LogoValue;
  onChange: (value: LogoValue) => void;
  /** The generated logo shown while no upload is chosen (edit form), if any. */
  generatedUrl?: string | undefined;
  error?: string | undefined;
}

/**
 * Logo: upload a PNG, JPEG or SVG of at most 256 KB (sent at once; the api checks the bytes and
 * answers its URL), or keep the generated one. Too big a file is refused before it is sent.
 */
export function LogoField({ value, onChange, generatedUrl, error }: LogoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const ids = { label: useId(), hint: useId(), error: useId() };
  const upload = useUploadLogo();
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = safeHttpUrl(value.url ?? generatedUrl ?? '');
  const message = localError ?? error;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setLocalError(null);
    if (file.size > APPLICATION_LIMITS.logoBytes) {
      setLocalError(appsText.form.logoTooBig);
      return;
    }
    try {
      const response = await upload.mutateAsync({ fileName: file.name, base64: await readBase64(file) });
      onChange({ id: response.data.logo_id, url: response.data.logo_url });
    } catch (e) {
      setLocalError(toApiError(e).message);
    }
  };

  return (
    <div className={styles.logoField} role="group" aria-labelledby={ids.label}>
      <span id={ids.label} className={styles.label}>
        {appsText.form.logo}
      </span>
      <div className={styles.logoRow}>
        <span className={styles.logoPreview}>
          {shown ? (
            <img src={shown} alt={appsText.form.logoPreview} width={56} height={56} />
          ) : (
            <span className={styles.logoPlaceholder}>{appsText.form.logoAutomatic}</span>
          )}
        </span>
        <div className={styles.logoActions}>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="sso-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="logo-file"
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            variant="secondary"
            loading={upload.isPending}
            aria-describedby={`${ids.hint}${message ? ` ${ids.error}` : ''}`}
            onClick={() => input.current?.click()}
          >
            {value.url ? appsText.form.logoReplace : appsText.form.logoUpload}
          </Button>
          {value.url ? (
            <Button variant="ghost" onClick={() => onChange({ id: null, url: null })}>
              {appsText.form.logoGenerated}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={ids.hint} className={styles.hint}>
        {upload.isPending ? appsText.form.logoUploading : appsText.form.logoHint}
      </p>
      <FieldError id={ids.error} message={message} />
    </div>
  );
}
