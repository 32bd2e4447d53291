import { useState } from 'react';
import { track } from '../marketing/track';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { registerRequestSchema, type RegisterRequest } from '../../contracts/register';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useZodForm } from '../../ui/use-zod-form';
import { useRegister, useSession } from '../session/use-session';
import { safeRedirect } from './safe-redirect';
import styles from './login.module.css';

type Field = 'firstname' | 'lastname' | 'email' | 'telephone' | 'password';

function TextField(props: {
  id: Field;
  label: string;
  type?: string;
  autoComplete: string;
  error?: string | undefined;
  reg: UseFormRegisterReturn;
}) {
  const errorId = `register-${props.id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`register-${props.id}`}>
        {props.label}
      </label>
      <input
        id={`register-${props.id}`}
        className={styles.input}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        {...props.reg}
      />
      {props.error && (
        <p id={errorId} className={styles.fieldError}>
          {props.error}
        </p>
      )}
    </div>
  );
}

const FIELDS: readonly { id: Field; label: string; type?: string; autoComplete: string }[] = [
  { id: 'firstname', label: 'First Name', autoComplete: 'given-name' },
  { id: 'lastname', label: 'Last Name', autoComplete: 'family-name' },
  { id: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { id: 'telephone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { id: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];

/** /account/register: a shopper creates an account and is signed in; then back to `redirect` or the catalog. */
export function AccountRegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const registerShopper = useRegister();
  const [serverError, setServerError] = useState<string | null>(null);
  const target = safeRedirect(params.get('redirect'), '/product/catalog');
  const { register, handleSubmit, setError, formState } = useZodForm(
    registerRequestSchema,
    { firstname: '', lastname: '', email: '', telephone: '', password: '' },
    { reValidateMode: 'onChange' },
  );
  const { errors, isSubmitting } = formState;

  if (isLoading) return <Spinner />;
  if (user?.kind === 'customer') return <Navigate to={target} replace />;

  const onSubmit = async (values: RegisterRequest) => {
    setServerError(null);
    try {
      await registerShopper.mutateAsync(values);
      track.signUp();
      void navigate(target, { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const { id: name } of FIELDS) {
        const msg = err.fields[name]?.[0];
        if (msg) setError(name, { message: msg });
      }
      setServerError(err.message);
    }
  };

  return (
    <section className={styles.page} aria-labelledby="register-title">
      <h1 id="register-title" className={styles.title}>
        Create an Account
      </h1>
      <form className={styles.form} onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
        {serverError && (
          <p className={styles.alert} role="alert">
            {serverError}
          </p>
        )}
        {FIELDS.map((f) => (
          <TextField key={f.id} {...f} error={errors[f.id]?.message} reg={register(f.id)} />
        ))}
        <Button type="submit" block disabled={isSubmitting}>
          {isSubmitting ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <p className={styles.footer}>
        Already have an account? <Link to="/account/login">Log in</Link>
      </p>
    </section>
  );
}
