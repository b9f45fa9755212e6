import { useId } from 'react';
import type { Color } from '@sso/shared/contract';
import { FieldError, Spinner, safeHexColor } from '@sso/shared/ui';
import { t } from '@sso/shared/i18n';
import { rolesText } from '../texts';
import styles from './color-swatches.module.css';

export interface ColorSwatchesProps {
  colors: Color[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  value: number | null;
  onChange: (colorId: number) => void;
  error?: string | undefined;
}

/**
 * The role colour: swatches from GET colors as a radio group (arrow keys move and choose,
 * each swatch is named by its hex code).
 */
export function ColorSwatches({
  colors,
  loading,
  failed,
  onRetry,
  value,
  onChange,
  error,
}: ColorSwatchesProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{rolesText.form.color}</legend>
      {loading ? (
        <span className={styles.state}>
          <Spinner size={16} /> {t.common.loading}
        </span>
      ) : null}
      {failed ? (
        <span className={styles.state} role="alert">
          {rolesText.form.colorsFailed}{' '}
          <button type="button" className={styles.retry} onClick={onRetry}>
            {t.common.retry}
          </button>
        </span>
      ) : null}
      <div className={styles.swatches}>
        {(colors ?? []).map((color) => {
          const hex = safeHexColor(color.hex_code);
          return (
            <label key={color.id} className={styles.swatch} title={hex}>
              <input
                type="radio"
                className={styles.radio}
                name={name}
                value={color.id}
                checked={value === color.id}
                aria-label={rolesText.form.colorOption(hex)}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(color.id)}
              />
              {/* Dynamic value only: the colour comes from data. */}
              <span className={styles.chip} style={{ background: hex }} aria-hidden="true" />
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
