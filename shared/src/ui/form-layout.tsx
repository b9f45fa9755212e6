import { useId, type ReactNode } from 'react';
import styles from './form-layout.module.css';

/** A titled card of a long form (Informasi Role, Aplikasi dan Menu, …), named by its heading. */
export function FormCard({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  const heading = (
    <h2 id={id} className={styles.cardTitle}>
      {title}
    </h2>
  );
  return (
    <section className={styles.card} aria-labelledby={id}>
      {hint ? (
        <div>
          {heading}
          <p className={styles.hint}>{hint}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** A failed save: its title and the server's message, above the form's actions. */
export function FormServerError({ title, message }: { title: string; message: string }) {
  return (
    <div className={styles.serverError} role="alert">
      <strong>{title}</strong>
      <span>{message}</span>
    </div>
  );
}

/**
 * The form's Batal and Simpan, in a bar that sticks to the bottom of the screen so they stay in
 * view on long forms; `hint` (with `hintId`, for the save button's `aria-describedby`) says what
 * is still missing.
 */
export function FormActions({
  hint,
  hintId,
  children,
}: {
  hint?: string | undefined;
  hintId: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.actions}>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
