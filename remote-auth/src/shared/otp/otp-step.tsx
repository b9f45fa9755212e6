import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { t } from '@sso/shared/i18n';
import { OTP_LENGTH } from '@sso/shared/contract';
import { Button, OtpInput, emptyOtp, otpCode } from '@sso/shared/ui';
import { otpErrorMessage } from '../auth-errors/otp-errors';
import { AuthLayout } from '../auth-layout/auth-layout';
import { FormAlert } from '../auth-layout/form-alert';
import layout from '../auth-layout/auth-layout.module.css';
import { authText } from '../../texts';
import type { OtpResend } from './use-otp-resend';

/** The boxes, one entry per digit ('' when empty): positions matter, so not the joined code. */
interface OtpFormValues {
  code: string[];
}
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
  /**
   * Sends the typed code (the page's action); a failure's `onError` puts its message (spec 8
   * catalogue, `otpErrorMessage`) under the boxes.
   */
  onVerify: (code: string, callbacks: { onError: (failure: unknown) => void }) => void;
  verifying: boolean;
  /** The resend button with its countdown; a screen without one shows `footer` instead. */
  resend?: OtpResend;
  footer?: ReactNode;
}

/**
 * The OTP screen of both flows (spec 2 "OTP screens"): where the code went, six boxes, the verify
 * button, and the resend button with its mm:ss countdown. A react-hook-form form: the boxes are one
 * controlled field; the server's answer is that field's error, cleared as the code is edited. No
 * rule of its own: the boxes take only digits and spec 5 sends an empty code (the api's
 * `otpInputSchema` answers it, "Kode OTP tidak boleh kosong").
 */
export function OtpStep({
  title = authText.otpTitle,
  intro = authText.otpSentTo,
  maskedPhone,
  onBack,
  onVerify,
  verifying,
  resend,
  footer,
}: OtpStepProps) {
  const { control, handleSubmit, setError, clearErrors } = useForm<OtpFormValues>({
    defaultValues: { code: emptyOtp(OTP_LENGTH) },
  });
  const counting = (resend?.remaining ?? 0) > 0;

  const submit = handleSubmit(({ code }) => {
    if (verifying) return;
    onVerify(otpCode(code), {
      onError: (failure) => setError('code', { type: 'server', message: otpErrorMessage(failure) }),
    });
  });

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
      <form className={layout.form} onSubmit={(event) => void submit(event)} noValidate>
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <OtpInput
              label={authText.otpLabel}
              value={field.value}
              onChange={(boxes) => {
                field.onChange(boxes);
                clearErrors('code');
              }}
              onSubmit={() => void submit()}
              error={fieldState.error?.message}
              autoFocus
            />
          )}
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
