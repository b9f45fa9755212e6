import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { serverFieldErrors } from '@sso/shared/api';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { Button, PasswordField, TextField } from '@sso/shared/ui';
import { AuthLayout } from '../auth-layout/auth-layout';
import { FormAlert } from '../auth-layout/form-alert';
import styles from '../auth-layout/auth-layout.module.css';
import { AuthFooter } from '../auth-layout/auth-footer';
import { authText } from '../texts';
import { nikRules, passwordRules, type LoginFormValues } from './login-form-rules';
import { useLoginWithNik } from './api/login-with-nik';

/** How a server message names a field of this form. */
const NAMED_BY = { nik: /\bNIK\b/i, password: /\bpassword\b/i };

/** /login (spec 2 "Login"): NIK and password, then the login chain of spec 4. */
export default function LoginPage() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFormValues>({
    defaultValues: { nik: '', password: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const login = useLoginWithNik();

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(
      { ...values, nik: values.nik.trim() },
      {
        onError: (error) => {
          // Spec 8: field errors under their fields; a message naming one field goes under it too.
          const server = serverFieldErrors(error, ['nik', 'password'] as const, { namedBy: NAMED_BY });
          if (server.fields.nik)
            setError('nik', { type: 'server', message: server.fields.nik }, { shouldFocus: true });
          if (server.fields.password) {
            setError(
              'password',
              { type: 'server', message: server.fields.password },
              { shouldFocus: !server.fields.nik },
            );
          }
          setFormError(server.unplaced);
        },
      },
    );
  });

  return (
    <AuthLayout title={authText.loginTitle} description={authText.loginDescription}>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={authText.nikLabel}
          placeholder={authText.nikPlaceholder}
          autoComplete="username"
          autoFocus
          error={errors.nik?.message}
          {...register('nik', nikRules)}
        />
        <PasswordField
          label={authText.passwordLabel}
          placeholder={authText.passwordPlaceholder}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', passwordRules)}
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
      </form>
      <AuthFooter prompt={authText.otherWay} to={appPaths.loginByPhone} label={authText.loginByPhoneLink} />
    </AuthLayout>
  );
}
