import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toApiError } from '@sso/shared/api';
import type { TotpOffer, TwoStepFactor } from '@sso/shared/contract';
import { Button, PageHeader, PasswordField, Spinner, TextField, toast } from '@sso/shared/ui';
import { QrCode } from '../two-step/qr-code';
import { RecoveryCodesList } from '../two-step/recovery-codes-list';
import twoStep from '../two-step/two-step.module.css';
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
    body = (
      <p className={styles.error} role="alert">
        {accountText.loadFailed}: {toApiError(status.error).message}
      </p>
    );
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

function AddAuthenticator({
  onCancel,
  onAdded,
}: {
  onCancel: () => void;
  onAdded: (codes: string[] | null) => void;
}) {
  const [offer, setOffer] = useState<(TotpOffer & { enrolment: string }) | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ label?: string; code?: string; form?: string }>({});
  const labelRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!offer || confirm.isPending) return;
    const label = labelRef.current?.value.trim() ?? '';
    const code = codeRef.current?.value.replace(/\s/g, '') ?? '';
    const found = {
      label: label === '' ? accountText.labelEmpty : undefined,
      code: /^\d{6}$/.test(code) ? undefined : accountText.codeFormat,
    };
    setErrors(found);
    if (found.label) return labelRef.current?.focus();
    if (found.code) return codeRef.current?.focus();
    confirm.mutate(
      { enrolment: offer.enrolment, label, code },
      {
        onSuccess: (result) => {
          toast.success(accountText.added);
          onAdded(result.recovery_codes);
        },
        onError: (error) => {
          const apiError = toApiError(error);
          setErrors({
            code: apiError.fieldError('code'),
            label: apiError.fieldError('label'),
            form: apiError.fieldError('code') ? undefined : apiError.message,
          });
        },
      },
    );
  };
  if (loadError) {
    return (
      <div className={styles.panel}>
        <p className={styles.error} role="alert">
          {loadError}
        </p>
        <div>
          <Button variant="secondary" onClick={onCancel}>
            {accountText.cancel}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-label={accountText.addTotp}>
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
            ref={labelRef}
            name="label"
            label={accountText.labelLabel}
            defaultValue={accountText.labelDefault}
            maxLength={60}
            error={errors.label}
          />
          <TextField
            ref={codeRef}
            name="code"
            label={accountText.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            error={errors.code}
          />
        </div>
      </div>
      {errors.form ? (
        <p className={styles.error} role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {accountText.cancel}
        </Button>
        <Button type="submit" loading={confirm.isPending} disabled={!offer}>
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
  const labelRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<{ label?: string; form?: string }>({});
  const add = useAddPasskey();
  return (
    <form
      className={styles.panel}
      aria-label={accountText.addPasskey}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const label = labelRef.current?.value.trim() ?? '';
        if (label === '') {
          setError({ label: accountText.labelEmpty });
          return labelRef.current?.focus();
        }
        setError({});
        add.mutate(label, {
          onSuccess: (result) => {
            toast.success(accountText.passkeyAdded);
            onAdded(result.recovery_codes);
          },
          onError: (e) => setError({ form: messageOf(e, 'passkey') }),
        });
      }}
    >
      <p className={styles.muted}>{accountText.passkeyIntro}</p>
      <TextField
        ref={labelRef}
        name="passkey-label"
        label={accountText.labelLabel}
        defaultValue={accountText.passkeyLabelDefault}
        maxLength={60}
        error={error.label}
      />
      {error.form ? (
        <p className={styles.error} role="alert">
          {error.form}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {accountText.cancel}
        </Button>
        <Button type="submit" loading={add.isPending}>
          {accountText.createPasskey}
        </Button>
      </div>
    </form>
  );
}

/** The current password, asked before a removal or a new set of recovery codes. */
function PasswordStep({
  title,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  error,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
  error: string | null;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const [empty, setEmpty] = useState(false);
  const id = useId();
  return (
    <form
      className={styles.panel}
      aria-labelledby={id}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const password = ref.current?.value ?? '';
        setEmpty(password === '');
        if (password === '') return ref.current?.focus();
        if (!pending) onSubmit(password);
      }}
    >
      <p id={id} className={styles.muted}>
        {title}
      </p>
      <PasswordField
        ref={ref}
        name="current-password"
        label={accountText.passwordLabel}
        autoComplete="current-password"
        autoFocus
        error={empty ? accountText.passwordEmpty : (error ?? undefined)}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {accountText.cancel}
        </Button>
        <Button type="submit" variant="danger" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function FactorRow({ factor, locked }: { factor: TwoStepFactor; locked: boolean }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
          pending={remove.isPending}
          error={error}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
          onSubmit={(password) =>
            remove.mutate(
              { id: factor.id, password },
              {
                onSuccess: (result) => toast.success(result.message),
                onError: (e) => setError(messageOf(e, 'password')),
              },
            )
          }
        />
      ) : null}
    </li>
  );
}

function RecoveryCodesCard({ left, onNew }: { left: number; onNew: (codes: string[]) => void }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
          pending={renew.isPending}
          error={error}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
          onSubmit={(password) =>
            renew.mutate(
              { password },
              {
                onSuccess: (codes) => {
                  setAsking(false);
                  onNew(codes);
                },
                onError: (e) => setError(messageOf(e, 'password')),
              },
            )
          }
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
