import { auditResultLabel, type AuditResult } from '@sso/shared/contract';
import styles from './result-badge.module.css';

/** Hasil: Berhasil (green), Ditolak or Gagal (red), in words, not by colour alone. */
export function ResultBadge({ result }: { result: AuditResult }) {
  return <span className={`${styles.badge} ${styles[result]}`}>{auditResultLabel[result]}</span>;
}
