import styles from './field-error.module.css';

/**
 * A field's error under it, announced as it appears; `id` is what the control's
 * `aria-describedby` names. Nothing without a message. Every control of the design system uses it.
 */
export function FieldError({
  id,
  message,
  className,
}: {
  id?: string;
  message?: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={className ? `${styles.error} ${className}` : styles.error} role="alert">
      {message}
    </p>
  );
}
