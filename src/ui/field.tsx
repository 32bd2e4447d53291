import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './field.module.css';

interface FieldShell {
  label: string;
  /** The first validation message for this field (the spec's wording); shown under it. */
  error?: string | undefined;
  /** A hint under the control, e.g. "Leave blank to exclude tax.". */
  hint?: string;
}

function Shell({ id, label, error, hint, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: string): string | undefined =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/** A labelled input with its error (aria-invalid + aria-describedby); 44 px tall. */
export function TextField({
  label,
  error,
  hint,
  id: given,
  className,
  ...input
}: FieldShell & ComponentPropsWithRef<'input'>) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Shell id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <input
        id={id}
        className={`${styles.input} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id: given,
  children,
  ...select
}: FieldShell & ComponentPropsWithRef<'select'>) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Shell id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <select
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
      </select>
    </Shell>
  );
}
