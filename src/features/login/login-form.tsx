import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import type { LoginRequest, SessionReply } from '../../contracts/session';
import { Button } from '../../ui/button';
import { useZodForm } from '../../ui/use-zod-form';
import { useLogin } from '../session/use-session';
import styles from './login.module.css';

export interface LoginFormProps {
  /** "Username" for staff, "Email" for shoppers; the request field is `username` either way. */
  usernameLabel: string;
  usernameType: 'text' | 'email';
  schema: z.core.$ZodType<LoginRequest, LoginRequest>;
  onSignedIn?: (reply: SessionReply) => void;
  /** The POS sign-in: names this device, keeps the staff token and works offline (features/session/staff-sign-in.ts). */
  staff?: boolean;
}

/** Username/email + password, validated with the contract's schema; the server's refusal is shown as it says it. */
export function LoginForm({ usernameLabel, usernameType, schema, onSignedIn, staff = false }: LoginFormProps) {
  const login = useLogin(staff);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useZodForm(
    schema,
    { username: '', password: '' },
    { reValidateMode: 'onChange' },
  );
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: LoginRequest) => {
    setServerError(null);
    try {
      // Not `onSignedIn?.(await ...)`: optional call skips evaluating its arguments when absent.
      const reply = await login.mutateAsync(values);
      onSignedIn?.(reply);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const name of ['username', 'password'] as const) {
        const msg = err.fields[name]?.[0];
        if (msg) setError(name, { message: msg });
      }
      setServerError(err.message);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
      {serverError && (
        <p className={styles.alert} role="alert">
          {serverError}
        </p>
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor="login-username">
          {usernameLabel}
        </label>
        <input
          id="login-username"
          className={styles.input}
          type={usernameType}
          autoComplete={usernameType === 'email' ? 'email' : 'username'}
          autoCapitalize="none"
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'login-username-error' : undefined}
          {...register('username')}
        />
        {errors.username && (
          <p id="login-username-error" className={styles.fieldError}>
            {errors.username.message}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="login-password">
          Password
        </label>
        <input
          id="login-password"
          className={styles.input}
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password')}
        />
        {errors.password && (
          <p id="login-password-error" className={styles.fieldError}>
            {errors.password.message}
          </p>
        )}
      </div>
      <Button type="submit" block disabled={isSubmitting}>
        {isSubmitting ? 'Logging In...' : 'Log In'}
      </Button>
    </form>
  );
}
