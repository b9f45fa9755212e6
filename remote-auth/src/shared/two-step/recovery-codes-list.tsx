import styles from './two-step.module.css';

/** Ten recovery codes, shown once; each signs in once when the authenticator app is lost. */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  return (
    <ul className={styles.codes} aria-label="Kode pemulihan">
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </ul>
  );
}
