import { useState } from 'react';
import { Link, Navigate, useNavigate } from '@sso/shared/navigation';
import { appPaths } from '@sso/shared/federation';
import layout from '../shared/auth-layout/auth-layout.module.css';
import { OtpStep } from '../shared/otp/otp-step';
import { authText } from '../texts';
import { useSecondProof } from './api/login-with-second-proof';
import { secondProofStore } from '../shared/storage/second-proof-storage';

/**
 * /verifikasi-masuk (issue 36): the NIK login from a browser the account does not know, while its
 * sign-in budget is spent. The api sent a code to the registered phone if NIK and password were
 * right (it answers a wrong password the same way, so the page says "if"); the code signs in and
 * makes this browser known. There is no resend: a new code needs the password again ("Masuk lagi").
 * Without the stored challenge (a direct visit) the login starts over at /login.
 */
export default function SecondProofPage() {
  const navigate = useNavigate();
  const [stored] = useState(() => secondProofStore.read());
  const verify = useSecondProof();

  if (!stored) return <Navigate to={appPaths.login} replace />;
  const again = () => {
    secondProofStore.clear();
    void navigate(appPaths.login);
  };
  return (
    <OtpStep
      title={authText.secondProofTitle}
      intro={authText.secondProofIntro}
      maskedPhone={stored.masked_phone}
      onBack={again}
      onVerify={(code, callbacks) => verify.mutate({ challenge: stored.challenge, code }, callbacks)}
      verifying={verify.isPending}
      footer={
        <>
          <span>{authText.secondProofNoCode}</span>{' '}
          <Link className={layout.link} to={appPaths.login} onClick={() => secondProofStore.clear()}>
            {authText.secondProofAgain}
          </Link>
        </>
      }
    />
  );
}
