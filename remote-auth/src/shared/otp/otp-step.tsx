import { useState, type FormEvent, type ReactNode } from 'react';
import { OTP_LENGTH } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { Button, OtpInput, emptyOtp, otpCode } from '@sso/shared/ui';
import { AuthLayout } from '../auth-layout/auth-layout';
import { FormAlert } from '../auth-layout/form-alert';
import layout from '../auth-layout/auth-layout.module.css';
import { authText } from '../../texts';
import type { OtpResend } from './use-otp-resend';
import styles from './otp-step.module.css';

export interface OtpStepProps {
  /** The screen's title; "Verifikasi OTP" by default. */
  title?: string;
  /** The sentence before the masked phone; "Masukkan 6 digit kode OTP yang dikirim ke" by default. */
  intro?: string;
  /** Where the code went, already masked. */
  maskedPhone: string;
  /** Back arrow: the page clears its stored data and returns to the previous step. */
  onBack: () => void;
  onVerify: (code: string) => void;
  verifying: boolean;
  /** Message of the last failed verification (spec 8 catalogue). */
  verifyError: string | null;
  /** The resend button with its countdown; a screen without one shows `footer` instead. */
  resend?: OtpResend;
  footer?: ReactNode;
}

/**
 * The OTP screen of both flows (spec 2 "OTP screens"): where the code went, six boxes, the verify
 * button, and the resend button with its mm:ss countdown.
 */
export function OtpStep({
  title = authText.otpTitle,
  intro = authText.otpSentTo,
  maskedPhone,
  onBack,
  onVerify,
  verifying,
  verifyError,
  resend,
  footer,
}: OtpStepProps) {
  const [digits, setDigits] = useState(() => emptyOtp(OTP_LENGTH));
  const counting = (resend?.remaining ?? 0) > 0;

  const submit = () => {
    if (!verifying) onVerify(otpCode(digits));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <AuthLayout
      title={title}
      description={
        <>
          {intro} <strong className={layout.strong}>{maskedPhone}</strong>
        </>
      }
      onBack={onBack}
    >
      <form className={layout.form} onSubmit={onSubmit} noValidate>
        <OtpInput
          label={authText.otpLabel}
          value={digits}
          onChange={setDigits}
          onSubmit={submit}
          error={verifyError ?? undefined}
          autoFocus
        />
        <Button type="submit" block loading={verifying}>
          {authText.verify}
        </Button>
      </form>
      {resend ? (
        <>
          <div className={styles.resend}>
            <span className={styles.prompt}>{authText.noCodeYet}</span>
            <Button
              variant="link"
              className={styles.resendButton}
              disabled={counting || resend.resending}
              onClick={resend.resend}
            >
              {counting ? (
                <>
                  <span className="sso-visually-hidden">{authText.resendIn} </span>
                  <span className={styles.countdown}>{resend.countdown}</span>
                </>
              ) : (
                t.auth.resendOtp
              )}
            </Button>
          </div>
          <FormAlert message={resend.error} />
        </>
      ) : (
        <div className={styles.resend}>{footer}</div>
      )}
    </AuthLayout>
  );
}
