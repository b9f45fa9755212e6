import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toApiError } from '@sso/shared/api';
import type { TotpOffer, TwoStepFactor } from '@sso/shared/contract';
import { serverFieldErrors } from '@sso/shared/form-errors';
import {
  Button,
  FormServerError,
  PageHeader,
  PasswordField,
  Spinner,
  TextField,
  toast,
} from '@sso/shared/ui';
import { FormAlert } from '../shared/auth-layout/form-alert';
import { QrCode } from '../shared/two-step/qr-code';
import { RecoveryCodesList } from '../shared/two-step/recovery-codes-list';
import twoStep from '../shared/two-step/two-step.module.css';
import {
  passkeyFormSchema,
  passwordStepSchema,
  totpFormSchema,
  type PasskeyFormOutput,
  type PasskeyFormValues,
  type PasswordStepOutput,
  type PasswordStepValues,
  type TotpFormOutput,
  type TotpFormValues,
} from './account-security-forms';
import { accountText } from './account-security-texts';
import {
  startTotp,
  useAccountTwoStep,
  useAddPasskey,
  useConfirmTotp,
  useNewRecoveryCodes,
  useRemoveFactor,
} from './api/account-two-step';
import styles from './account-security.module.css';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /keamanan-akun (issue 31): every signed-in user's own two-step verification, whatever their
 * menus (reached from the sidebar's account area). Add an authenticator app (QR code and the secret
 * as text, confirmed by one code), see and remove it (current password), and get recovery codes
 * shown once (a new set ends the old one). Lives in the auth remote, beside the sign-in step it feeds.
 */
export default function AccountSecurityPage() {
  const status = useAccountTwoStep();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [adding, setAdding] = useState<'totp' | 'passkey' | null>(null);

  let body: ReactNode;
  if (status.isPending) {
    body = (
      <p className={styles.muted}>
        <Spinner /> {accountText.loading}
      </p>
    );
  } else if (!status.data) {
    body = <FormAlert message={`${accountText.loadFailed}: ${toApiError(status.error).message}`} />;
  } else {
    const data = status.data;
    const active = data.factors.length > 0;
    body = (
      <>
        <section className={styles.card} aria-labelledby="two-step-heading">
          <div className={styles.cardHead}>
            <h2 id="two-step-heading" className={styles.cardTitle}>
              {accountText.twoStepTitle}
            </h2>
            <span className={active ? styles.on : styles.off}>
              {active ? accountText.on : accountText.off}
            </span>
          </div>
          <p className={styles.muted}>{data.required ? accountText.required : accountText.intro}</p>
          {codes ? (
            <CodesShown codes={codes} onDone={() => setCodes(null)} />
          ) : adding ? (
            adding === 'totp' ? (
              <AddAuthenticator
                onCancel={() => setAdding(null)}
                onAdded={(recovery) => {
                  setAdding(null);
                  if (recovery) setCodes(recovery);
                }}
              />
            ) : (
              <AddPasskey
                onCancel={() => setAdding(null)}
                onAdded={(recovery) => {
                  setAdding(null);
                  if (recovery) setCodes(recovery);
                }}
              />
            )
          ) : (
            <>
              {data.factors.length > 0 ? (
                <ul className={styles.factors} aria-label={accountText.factorsLabel}>
                  {data.factors.map((factor) => (
                    <FactorRow
                      key={factor.id}
                      factor={factor}
                      locked={data.required && data.factors.length === 1}
                    />
                  ))}
                </ul>
              ) : (
                <p className={styles.empty}>{accountText.none}</p>
              )}
              <div className={styles.addRow}>
                <Button variant={active ? 'secondary' : 'primary'} onClick={() => setAdding('totp')}>
                  {accountText.addTotp}
                </Button>
                <Button variant="secondary" onClick={() => setAdding('passkey')}>
                  {accountText.addPasskey}
                </Button>
              </div>
            </>
          )}
        </section>
        {active && !codes ? <RecoveryCodesCard left={data.recovery_codes_left} onNew={setCodes} /> : null}
      </>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title={accountText.title} />
      {body}
    </div>
  );
}

/** The message of a failed call: the named field's, else the api's. */
const messageOf = (error: unknown, field: string) => {
  const apiError = toApiError(error);
  return apiError.fieldError(field) ?? apiError.message;
};

const TOTP_FIELDS = ['label', 'code'] as const;

/** A refusal's messages under their fields; returns the message no field takes (for the form). */
function placeServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
): string | null {
  const server = serverFieldErrors(error, fields);
  for (const field of fields) {
    const message = server.fields[field];
    if (message) setError(field, { type: 'server', message });
  }
  return server.unplaced;
}

function AddAuthenticator({
  onCancel,
  onAdded,
}: {
  onCancel: () => void;
  onAdded: (codes: string[] | null) => void;
}) {
  const [offer, setOffer] = useState<(TotpOffer & { enrolment: string }) | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TotpFormValues, unknown, TotpFormOutput>({
    defaultValues: { label: accountText.labelDefault, code: '' },
    resolver: zodResolver(totpFormSchema),
  });
  const confirm = useConfirmTotp();
  useEffect(() => {
    let live = true;
    startTotp().then(
      (value) => live && setOffer(value),
      (error: unknown) => live && setLoadError(toApiError(error).message),
    );
    return () => {
      live = false;
    };
  }, []);
  const submit = handleSubmit(async (values) => {
    if (!offer) return;
    setServerError(null);
    try {
      const result = await confirm.mutateAsync({ enrolment: offer.enrolment, ...values });
      toast.success(accountText.added);
      onAdded(result.recovery_codes);
    } catch (error) {
      setServerError(placeServerErrors(error, TOTP_FIELDS, setError));
    }
  });
  if (loadError) {
    return (
      <div className={styles.panel}>
        <FormAlert message={loadError} />
        <div>
          <Button variant="secondary" onClick={onCancel}>
            {accountText.cancel}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      className={styles.panel}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={accountText.addTotp}
    >
      <ol className={twoStep.steps}>
        <li>{accountText.step1}</li>
        <li>{accountText.step2}</li>
        <li>{accountText.step3}</li>
      </ol>
      <div className={styles.enrol}>
        {offer ? <QrCode uri={offer.uri} /> : <Spinner />}
        <div className={styles.enrolFields}>
          <div>
            <p className={twoStep.hint}>{accountText.secretLabel}</p>
            <code className={twoStep.secret} data-testid="totp-secret">
              {offer?.secret ?? '…'}
            </code>
          </div>
          <TextField
            {...register('label')}
            label={accountText.labelLabel}
            maxLength={60}
            error={errors.label?.message}
          />
          <TextField
            {...register('code')}
            label={accountText.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            error={errors.code?.message}
          />
        </div>
      </div>
      {serverError ? <FormServerError title={accountText.totpFailed} message={serverError} /> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {accountText.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!offer}>
          {accountText.activate}
        </Button>
      </div>
    </form>
  );
}

function AddPasskey({
  onCancel,
  onAdded,
}: {
  onCancel: () => void;
  onAdded: (codes: string[] | null) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasskeyFormValues, unknown, PasskeyFormOutput>({
    defaultValues: { label: accountText.passkeyLabelDefault },
    resolver: zodResolver(passkeyFormSchema),
  });
  const add = useAddPasskey();
  const submit = handleSubmit(async ({ label }) => {
    setServerError(null);
    try {
      const result = await add.mutateAsync(label);
      toast.success(accountText.passkeyAdded);
      onAdded(result.recovery_codes);
    } catch (error) {
      setServerError(messageOf(error, 'passkey'));
    }
  });
  return (
    <form
      className={styles.panel}
      aria-label={accountText.addPasskey}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p className={styles.muted}>{accountText.passkeyIntro}</p>
      <TextField
        {...register('label')}
        label={accountText.labelLabel}
        maxLength={60}
        error={errors.label?.message}
      />
      {serverError ? <FormServerError title={accountText.passkeyFailed} message={serverError} /> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {accountText.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {accountText.createPasskey}
        </Button>
      </div>
    </form>
  );
}

/**
 * The current password, asked before a removal or a new set of recovery codes; a refusal (a wrong
 * password, or the api's message) shows under the field.
 */
function PasswordStep({
  title,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  onSubmit: (proof: PasswordStepOutput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordStepValues, unknown, PasswordStepOutput>({
    defaultValues: { password: '' },
    resolver: zodResolver(passwordStepSchema),
  });
  const submit = handleSubmit(async (proof) => {
    try {
      await onSubmit(proof);
    } catch (error) {
      setError('password', { type: 'server', message: messageOf(error, 'password') }, { shouldFocus: true });
    }
  });
  return (
    <form className={styles.panel} aria-labelledby={id} noValidate onSubmit={(event) => void submit(event)}>
      <p id={id} className={styles.muted}>
        {title}
      </p>
      <PasswordField
        {...register('password')}
        label={accountText.passwordLabel}
        autoComplete="current-password"
        autoFocus
        error={errors.password?.message}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {accountText.cancel}
        </Button>
        <Button type="submit" variant="danger" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function FactorRow({ factor, locked }: { factor: TwoStepFactor; locked: boolean }) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveFactor();
  return (
    <li className={styles.factor}>
      <div className={styles.factorHead}>
        <div>
          <strong>{factor.label}</strong>
          <span className={styles.muted}>
            {factor.kind === 'passkey' ? accountText.kindPasskey : accountText.kindTotp} ·{' '}
            {accountText.addedAt(dateOf(factor.created_at))}
            {factor.last_used_at ? ` · ${accountText.usedAt(dateOf(factor.last_used_at))}` : ''}
          </span>
        </div>
        {asking ? null : (
          <Button
            variant="secondary"
            disabled={locked}
            title={locked ? accountText.lockedHint : undefined}
            onClick={() => setAsking(true)}
          >
            {accountText.remove}
          </Button>
        )}
      </div>
      {locked ? <p className={styles.muted}>{accountText.lockedHint}</p> : null}
      {asking ? (
        <PasswordStep
          title={accountText.removeQuestion(factor.label)}
          submitLabel={accountText.remove}
          onCancel={() => setAsking(false)}
          onSubmit={async (proof) => {
            const result = await remove.mutateAsync({ id: factor.id, ...proof });
            toast.success(result.message);
          }}
        />
      ) : null}
    </li>
  );
}

function RecoveryCodesCard({ left, onNew }: { left: number; onNew: (codes: string[]) => void }) {
  const [asking, setAsking] = useState(false);
  const renew = useNewRecoveryCodes();
  return (
    <section className={styles.card} aria-labelledby="recovery-heading">
      <h2 id="recovery-heading" className={styles.cardTitle}>
        {accountText.recoveryTitle}
      </h2>
      <p className={styles.muted}>{accountText.recoveryLeft(left)}</p>
      {asking ? (
        <PasswordStep
          title={accountText.renewQuestion}
          submitLabel={accountText.renew}
          onCancel={() => setAsking(false)}
          onSubmit={async (proof) => {
            const codes = await renew.mutateAsync(proof);
            setAsking(false);
            onNew(codes);
          }}
        />
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {accountText.renew}
          </Button>
        </div>
      )}
    </section>
  );
}

function CodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={styles.panel} role="region" aria-label={accountText.recoveryTitle}>
      <p className={styles.notice}>{accountText.codesIntro}</p>
      <RecoveryCodesList codes={codes} />
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => toast.success(accountText.copied));
          }}
        >
          {accountText.copy}
        </Button>
        <Button onClick={onDone}>{accountText.codesSaved}</Button>
      </div>
    </div>
  );
}
