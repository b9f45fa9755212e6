import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate } from '@sso/shared/navigation';
import { appPaths } from '@sso/shared/federation';
import { toApiError } from '@sso/shared/api';
import type { TotpOffer, TwoStepMethod } from '@sso/shared/contract';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { Button, TextField } from '@sso/shared/ui';
import { AuthLayout } from '../shared/auth-layout/auth-layout';
import { FormAlert } from '../shared/auth-layout/form-alert';
import layout from '../shared/auth-layout/auth-layout.module.css';
import { useAction } from '../shared/auth-action/use-action';
import { useFinishLogin } from '../shared/login/use-finish-login';
import { leavingForApplication } from '../shared/sso/sso-request';
import { twoStepText } from './two-step-texts';
import {
  twoStepCodeFormSchema,
  type TwoStepCodeFormOutput,
  type TwoStepCodeFormValues,
} from './two-step-forms';
import {
  confirmEnrolment,
  finishSignIn,
  startEnrolment,
  verifySecondStep,
  verifyWithPasskey,
} from './api/two-step-sign-in';
import { QrCode } from '../shared/two-step/qr-code';
import { RecoveryCodesList } from '../shared/two-step/recovery-codes-list';
import { twoStepStore, type StoredTwoStep } from '../shared/storage/two-step-storage';
import styles from '../shared/two-step/two-step.module.css';

/** The message of a failed call: the code field's, else the api's (or the network's). */
const messageOf = (error: unknown) => {
  const apiError = toApiError(error);
  return apiError.fieldError('code') ?? apiError.fieldError('passkey') ?? apiError.message;
};

/**
 * /verifikasi-dua-langkah (issue 31): the second step of a sign-in whose first step passed. A code
 * of the authenticator app, or a recovery code; or, when the role requires two-step verification
 * and the user has not added it, the enrolment (QR code, secret, one code, then the recovery codes
 * shown once). No session exists before this step passes. Without a stored challenge (a direct
 * visit) the sign-in starts over at /login.
 */
export default function TwoStepPage() {
  const [stored] = useState(() => twoStepStore.read());
  if (!stored) return <Navigate to={appPaths.login} replace />;
  return stored.enrol ? <EnrolStep stored={stored} /> : <VerifyStep stored={stored} />;
}

function useStartOver() {
  const navigate = useNavigate();
  return () => {
    twoStepStore.clear();
    void navigate(appPaths.login);
  };
}

/** What a code form tells its page's action: a refusal goes under the field, or above the button. */
type CodeCallbacks = { onError: (failure: unknown) => void };

/**
 * The code of the second step or of the enrolment: a react-hook-form form checked by the contract's
 * code schema in the method's format; the api's refusal of the code (`errors.code`) goes under the
 * field, any other message to `onMessage`, shown above the button as `error`.
 */
function CodeForm({
  label,
  hint,
  submitLabel,
  pending,
  error,
  method,
  onSubmit,
  onMessage,
}: {
  label: string;
  hint?: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  method: TwoStepMethod;
  onSubmit: (code: string, callbacks: CodeCallbacks) => void;
  onMessage: (message: string) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TwoStepCodeFormValues, unknown, TwoStepCodeFormOutput>({
    resolver: zodResolver(twoStepCodeFormSchema(method)),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(({ code }) => {
    if (pending) return;
    onSubmit(code, {
      onError: (failure) => {
        const server = serverFieldErrors(failure, ['code'] as const);
        if (server.fields.code) {
          setError('code', { type: 'server', message: server.fields.code }, { shouldFocus: true });
        } else {
          onMessage(server.message);
        }
      },
    });
  });
  return (
    <form className={layout.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={label}
        hint={hint}
        inputMode={method === 'totp' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={32}
        autoFocus
        error={errors.code?.message}
        {...register('code')}
      />
      <FormAlert message={error} />
      <Button type="submit" block loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

function VerifyStep({ stored }: { stored: StoredTwoStep }) {
  const startOver = useStartOver();
  const finish = useFinishLogin();
  const [method, setMethod] = useState<TwoStepMethod>('totp');
  const [error, setError] = useState<string | null>(null);
  const verify = useAction({
    action: verifySecondStep,
    onSuccess: () => {
      if (!leavingForApplication()) finish();
    },
  });
  const passkey = useAction({
    action: verifyWithPasskey,
    onSuccess: () => {
      if (!leavingForApplication()) finish();
    },
  });
  const totp = method === 'totp';
  return (
    <AuthLayout
      title={twoStepText.title}
      description={totp ? twoStepText.totpIntro : twoStepText.recoveryIntro}
      onBack={startOver}
    >
      <CodeForm
        // A new method is a new form: its own format, nothing typed or refused carried over.
        key={method}
        method={method}
        label={totp ? twoStepText.totpLabel : twoStepText.recoveryLabel}
        submitLabel={twoStepText.verify}
        pending={verify.isPending}
        error={error}
        onMessage={setError}
        onSubmit={(code, callbacks) => {
          setError(null);
          verify.mutate({ challenge: stored.challenge, method, code }, callbacks);
        }}
      />
      {stored.passkey ? (
        <Button
          variant="secondary"
          block
          loading={passkey.isPending}
          onClick={() => {
            setError(null);
            passkey.mutate(stored.challenge, { onError: (e) => setError(messageOf(e)) });
          }}
        >
          {twoStepText.usePasskey}
        </Button>
      ) : null}
      <button
        type="button"
        className={styles.switch}
        onClick={() => {
          setError(null);
          setMethod(totp ? 'recovery' : 'totp');
        }}
      >
        {totp ? twoStepText.useRecovery : twoStepText.useTotp}
      </button>
      <p className={layout.footer}>
        <span>{twoStepText.lostAccess}</span>{' '}
        <Link className={layout.link} to={appPaths.login} onClick={() => twoStepStore.clear()}>
          {twoStepText.again}
        </Link>
      </p>
    </AuthLayout>
  );
}

type Login = { token: string; apps_id: number | string };

function EnrolStep({ stored }: { stored: StoredTwoStep }) {
  const startOver = useStartOver();
  const finish = useFinishLogin();
  const [offer, setOffer] = useState<TotpOffer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ login: Login; codes: string[] } | null>(null);
  const confirm = useAction({ action: confirmEnrolment });
  const proceed = useAction({
    action: finishSignIn,
    onSuccess: () => {
      if (!leavingForApplication()) finish();
    },
  });

  useEffect(() => {
    let live = true;
    startEnrolment(stored.challenge).then(
      (value) => live && setOffer(value),
      (failure: unknown) => live && setLoadError(messageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [stored.challenge]);

  if (done) {
    return (
      <AuthLayout title={twoStepText.codesTitle} description={twoStepText.codesIntro}>
        <RecoveryCodesList codes={done.codes} />
        <FormAlert message={error} />
        <Button
          block
          loading={proceed.isPending}
          onClick={() => {
            setError(null);
            proceed.mutate(done.login, { onError: (e) => setError(messageOf(e)) });
          }}
        >
          {twoStepText.codesSaved}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={twoStepText.enrolTitle} description={twoStepText.enrolIntro} onBack={startOver}>
      {loadError ? (
        <>
          <FormAlert message={loadError} />
          <Button block variant="secondary" onClick={startOver}>
            {twoStepText.again}
          </Button>
        </>
      ) : (
        <>
          <ol className={styles.steps}>
            <li>{twoStepText.enrolStep1}</li>
            <li>{twoStepText.enrolStep2}</li>
            <li>{twoStepText.enrolStep3}</li>
          </ol>
          {offer ? <QrCode uri={offer.uri} /> : null}
          <div>
            <p className={styles.hint}>{twoStepText.secretLabel}</p>
            <code className={styles.secret} data-testid="totp-secret">
              {offer?.secret ?? '…'}
            </code>
          </div>
          <CodeForm
            method="totp"
            label={twoStepText.totpLabel}
            submitLabel={twoStepText.activate}
            pending={confirm.isPending || !offer}
            error={error}
            onMessage={setError}
            onSubmit={(code, callbacks) => {
              setError(null);
              confirm.mutate(
                { challenge: stored.challenge, code },
                {
                  ...callbacks,
                  onSuccess: (result) =>
                    setDone({
                      login: { token: result.token, apps_id: result.apps_id },
                      codes: result.recovery_codes,
                    }),
                },
              );
            }}
          />
        </>
      )}
    </AuthLayout>
  );
}
