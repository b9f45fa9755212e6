import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@sso/shared/navigation';
import { appPaths } from '@sso/shared/federation';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { t } from '@sso/shared/i18n';
import { Button, PasswordField, TextField } from '@sso/shared/ui';
import { AuthLayout } from '../shared/auth-layout/auth-layout';
import { SessionEndNotice } from '../shared/auth-layout/session-end-notice';
import { FormAlert } from '../shared/auth-layout/form-alert';
import styles from '../shared/auth-layout/auth-layout.module.css';
import { AuthFooter } from '../shared/auth-layout/auth-footer';
import { authText } from '../texts';
import { validateLogin, type LoginFormErrors, type LoginFormValues } from '../shared/login/login-form-rules';
import { preloadLoginCall, useLoginWithNik } from './api/login-with-nik';
import { leavingForApplication, useSsoApplication } from '../shared/sso/sso-request';
import { useContinueSignedIn } from '../shared/sso/use-continue-signed-in';
import { useAction } from '../shared/auth-action/use-action';
import { useFinishLogin } from '../shared/login/use-finish-login';

/** How a server message names a field of this form. */
const NAMED_BY = { nik: /\bNIK\b/i, password: /\bpassword\b/i };

/**
 * /login (spec 2 "Login"): NIK and password, then the login chain of spec 4. Two uncontrolled
 * fields checked on submit, then as they change, like react-hook-form's defaults; without it, so the
 * first screen carries 11 KB less (ADR 0006).
 */
export default function LoginPage() {
  const nikRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const login = useLoginWithNik();
  const finish = useFinishLogin();
  // "Masuk dengan passkey": its code and the WebAuthn library load on the click (ADR 0021).
  const passkey = useAction({
    action: async () => (await import('./api/login-with-passkey')).loginWithPasskey(),
    onSuccess: () => {
      if (!leavingForApplication()) finish();
    },
  });
  const application = useSsoApplication();
  const continuing = useContinueSignedIn();

  const values = (): LoginFormValues => ({
    nik: nikRef.current?.value ?? '',
    password: passwordRef.current?.value ?? '',
  });
  const focusFirst = (found: LoginFormErrors) => {
    if (found.nik) nikRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const current = values();
    const found = validateLogin(current);
    setErrors(found);
    if (found.nik || found.password) {
      focusFirst(found);
      return;
    }
    if (login.isPending) return;
    setFormError(null);
    login.mutate(
      { ...current, nik: current.nik.trim() },
      {
        onError: (error) => {
          // Spec 8: field errors under their fields; a message naming one field goes under it too.
          const server = serverFieldErrors(error, ['nik', 'password'] as const, { namedBy: NAMED_BY });
          setErrors(server.fields);
          focusFirst(server.fields);
          setFormError(server.unplaced);
        },
      },
    );
  };
  // After the first submit, each field is checked again as it changes (react-hook-form's default).
  const onChange = () => {
    if (submitted) setErrors(validateLogin(values()));
  };

  if (continuing) {
    return (
      <AuthLayout
        title={application ? `Masuk ke ${application.name}` : authText.loginTitle}
        description={<span role="status">{authText.continuingSignedIn}</span>}
        application={application}
      >
        {null}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={application ? `Masuk ke ${application.name}` : authText.loginTitle}
      description={authText.loginDescription}
      application={application}
    >
      <SessionEndNotice />
      {/* The api client loads while the user types, not before the form paints (ADR 0006). */}
      <form className={styles.form} onSubmit={onSubmit} onInput={preloadLoginCall} noValidate>
        <TextField
          ref={nikRef}
          name="nik"
          label={authText.nikLabel}
          placeholder={authText.nikPlaceholder}
          autoComplete="username"
          autoFocus
          error={errors.nik}
          onChange={onChange}
        />
        <PasswordField
          ref={passwordRef}
          name="password"
          label={authText.passwordLabel}
          placeholder={authText.passwordPlaceholder}
          autoComplete="current-password"
          error={errors.password}
          onChange={onChange}
        />
        <div className={styles.row}>
          <Link className={styles.link} to={appPaths.forgotPassword}>
            {authText.forgotPasswordLink}
          </Link>
        </div>
        <FormAlert message={formError} />
        <Button type="submit" block loading={login.isPending}>
          {t.auth.login}
        </Button>
        <Button
          variant="secondary"
          block
          loading={passkey.isPending}
          onClick={() => {
            setFormError(null);
            passkey.mutate(undefined, {
              onError: (error) => setFormError(error instanceof Error ? error.message : null),
            });
          }}
        >
          {authText.loginWithPasskey}
        </Button>
      </form>
      <AuthFooter prompt={authText.otherWay} to={appPaths.loginByPhone} label={authText.loginByPhoneLink} />
    </AuthLayout>
  );
}
