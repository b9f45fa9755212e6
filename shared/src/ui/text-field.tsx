import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './text-field.module.css';
import { FieldError } from './field-error';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** The hint turns red (spec 5: "turns red when shorter"). */
  hintInvalid?: boolean;
  adornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error and hint tied to it for screen readers. */
export function TextField({
  label,
  error,
  hint,
  hintInvalid = false,
  adornment,
  id,
  className,
  ref,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  const classes = [
    styles.field,
    error ? styles.invalid : '',
    adornment ? styles.withAdornment : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          {...rest}
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {adornment ? <span className={styles.adornment}>{adornment}</span> : null}
      </div>
      {hint ? (
        <p id={hintId} className={`${styles.hint} ${hintInvalid ? styles.hintError : ''}`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
