import { useEffect, useState } from 'react';
import { Skeleton } from '@sso/shared/ui';
import styles from './two-step.module.css';

/**
 * The otpauth:// URI as a QR code. The QR library loads only here, on the step that shows it
 * (dynamic import): /login's first load does not carry it (ADR 0021, ADR 0006).
 */
export function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('uqr')
      .then(({ renderSVG }) => {
        if (live)
          setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  if (failed)
    return (
      <p className={styles.hint}>Kode QR tidak dapat dimuat. Masukkan kode rahasia di bawah secara manual.</p>
    );
  if (!src) return <Skeleton width="184px" height={184} />;
  return (
    <img className={styles.qr} src={src} width={184} height={184} alt="Kode QR untuk aplikasi autentikator" />
  );
}
