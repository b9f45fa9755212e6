import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Spinner, StatePanel } from '@sso/shared/ui';
import type { RemoteEntry } from '@sso/shared/federation';
import type { FailureKind, RemoteStatus } from '../federation/remote-status';
import styles from './remote-status-section.module.css';

const failureText: Record<FailureKind, string> = {
  unreachable: 'tidak dapat dihubungi',
  timeout: 'waktu habis',
  incompatible: 'tidak kompatibel',
  invalid: 'deskriptor tidak valid',
};

export function stateText(status: RemoteStatus): string {
  if (status.state === 'loaded') return 'Dimuat';
  if (status.state === 'not-loaded') return 'Belum dimuat';
  return `Gagal: ${failureText[status.failure?.kind ?? 'invalid']}`;
}

const timeFormat = new Intl.DateTimeFormat('id-ID', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const dateTimeFormat = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short' });

function builtAtText(builtAt: string): string {
  const date = new Date(builtAt);
  return Number.isNaN(date.getTime()) ? builtAt : dateTimeFormat.format(date);
}

export interface RemoteStatusSectionProps {
  remotes: RemoteEntry[];
  hostVersion: string;
  check: (remotes: RemoteEntry[]) => Promise<RemoteStatus[]>;
}

/** "Status Modul": each registered remote as its manifest says now, re-read on demand. */
export function RemoteStatusSection({ remotes, hostVersion, check }: RemoteStatusSectionProps) {
  const [statuses, setStatuses] = useState<RemoteStatus[] | null>(null);
  const [checking, setChecking] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  /** Reads every manifest; state changes only when the answer arrives (the latest one wins). */
  const load = useCallback(() => {
    const id = (latest.current += 1);
    check(remotes).then(
      (result) => {
        if (id !== latest.current) return;
        setStatuses(result);
        setChecking(false);
      },
      (reason: unknown) => {
        if (id !== latest.current) return;
        setError(reason instanceof Error ? reason.message : String(reason));
        setChecking(false);
      },
    );
  }, [check, remotes]);

  const run = () => {
    setChecking(true);
    setError(null);
    load();
  };

  useEffect(() => {
    load();
    return () => {
      latest.current += 1;
    };
  }, [load]);

  return (
    <section className={styles.section} aria-labelledby="status-modul-heading">
      <div className={styles.header}>
        <h2 id="status-modul-heading" className={styles.heading}>
          Status Modul
        </h2>
        <Button variant="secondary" onClick={run} disabled={checking} loading={checking}>
          Periksa lagi
        </Button>
      </div>
      <p className={styles.meta}>Versi host: {hostVersion}</p>
      {error ? (
        <StatePanel tone="error" title="Status modul tidak dapat diperiksa" body={error} onRetry={run} />
      ) : statuses === null ? (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Spinner size={20} label="Memeriksa modul…" />
          <span aria-hidden="true">Memeriksa modul…</span>
        </div>
      ) : remotes.length === 0 ? (
        <StatePanel title="Belum ada modul terdaftar" body="config.json tidak mencantumkan remote." />
      ) : (
        // Focusable, so a keyboard can scroll the table on a narrow screen.
        <div className={styles.scroll} tabIndex={0} role="group" aria-label="Tabel status modul">
          <table className={styles.table} aria-busy={checking}>
            <caption>Modul yang terdaftar di konfigurasi host, dibaca dari manifest masing-masing</caption>
            <thead>
              <tr>
                <th scope="col">Modul</th>
                <th scope="col">Asal</th>
                <th scope="col">Versi</th>
                <th scope="col">Build</th>
                <th scope="col">Status</th>
                <th scope="col">Waktu manifest</th>
                <th scope="col">Diperiksa</th>
              </tr>
            </thead>
            <tbody>
              {statuses.map((status) => (
                <tr key={status.name}>
                  <th scope="row">{status.name}</th>
                  <td>{status.origin}</td>
                  <td>{status.build?.version ?? '—'}</td>
                  <td>
                    {status.build ? (
                      <>
                        {status.build.buildId}
                        <span className={styles.detail}>{builtAtText(status.build.builtAt)}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={status.state === 'failed' ? styles.failed : undefined}>
                    {stateText(status)}
                    {status.failure ? <span className={styles.detail}>{status.failure.detail}</span> : null}
                  </td>
                  <td>{Math.round(status.manifestMs)} ms</td>
                  <td>{timeFormat.format(status.checkedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
