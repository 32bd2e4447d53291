import type { UseFormReturn } from 'react-hook-form';
import type { CustomFormFieldReply, FormData, FormLocationsReply } from '../../contracts/custom-forms';
import styles from './forms.module.css';

export type FormValues = Record<string, string | string[]>;
/** The form's own name of a field: `f{id}` (a bare number would read as an array index). */
export const keyOf = (id: number): string => `f${id}`;

interface FieldProps {
  field: CustomFormFieldReply;
  form: UseFormReturn<FormValues, unknown, FormValues>;
  error: string | undefined;
  labelPosition: FormData['label_position'];
  stores: FormLocationsReply['locations'] | undefined;
}

/** A single yes/no box: a checkbox field without options. */
export const SINGLE_CHECKBOX = 'Yes';

/**
 * One field of a custom form (storefront.md §3 field types): legend, description and image show
 * something and take no value; the others are inputs with their label ('*' when required), the
 * placeholder, and the error under them (role="alert"). Textareas have 3 rows (§9).
 */
export function FormField({ field, form, error, labelPosition, stores }: FieldProps) {
  const name = keyOf(field.id);
  const id = `form-field-${field.id}`;
  const label = `${field.label_text}${field.required ? ' *' : ''}`;
  const described = error ? `${id}-error` : undefined;
  const invalid = error ? true : undefined;
  const rowClass = `${styles.field} ${labelPosition === 'left' ? styles.left : ''}`;
  const labelClass = labelPosition === 'hidden' ? styles.srOnly : styles.label;
  const errorLine = error && (
    <p id={`${id}-error`} className={styles.error} role="alert">
      {error}
    </p>
  );
  const input = { id, 'aria-invalid': invalid, 'aria-describedby': described, className: styles.input };

  switch (field.type) {
    case 'legend':
      return <h2 className={styles.legend}>{field.label_text}</h2>;
    case 'description':
      return <p className={styles.description}>{field.label_text}</p>;
    case 'image':
      return field.options[0] ? <img className={styles.image} src={field.options[0]} alt={field.label_text} /> : null;
    case 'radio':
    case 'checkbox': {
      const values = form.watch(name);
      const list = Array.isArray(values) ? values : values ? [values] : [];
      const single = field.type === 'checkbox' && field.options.length === 0;
      const toggle = (o: string, on: boolean) =>
        form.setValue(name, on ? [...list, o] : list.filter((x) => x !== o), { shouldDirty: true });
      if (single)
        return (
          <div className={styles.field}>
            <label className={styles.choice}>
              <input
                type="checkbox"
                checked={list.includes(SINGLE_CHECKBOX)}
                aria-invalid={invalid}
                aria-describedby={described}
                onChange={(e) => toggle(SINGLE_CHECKBOX, e.target.checked)}
              />
              <span>{label}</span>
            </label>
            {errorLine}
          </div>
        );
      return (
        <fieldset className={`${styles.field} ${styles.choices}`} aria-describedby={described} aria-invalid={invalid}>
          <legend className={labelClass}>{label}</legend>
          {field.options.map((o) => (
            <label key={o} className={styles.choice}>
              {field.type === 'radio' ? (
                <input type="radio" value={o} {...form.register(name)} />
              ) : (
                <input type="checkbox" checked={list.includes(o)} onChange={(e) => toggle(o, e.target.checked)} />
              )}
              <span>{o}</span>
            </label>
          ))}
          {errorLine}
        </fieldset>
      );
    }
    case 'text':
    case 'email':
    case 'textarea':
    case 'dropdown':
    case 'date':
    case 'time':
    case 'datetime':
    case 'store_select':
      break;
  }

  const control = (() => {
    switch (field.type) {
      case 'textarea':
        return (
          <textarea rows={3} placeholder={field.placeholder_text || undefined} {...input} {...form.register(name)} />
        );
      case 'dropdown':
        return (
          <select {...input} {...form.register(name)}>
            <option value="">{field.placeholder_text || 'Please select'}</option>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        );
      case 'store_select':
        return (
          <select {...input} {...form.register(name)}>
            <option value="">{stores ? field.placeholder_text || 'Choose a store' : 'Loading stores...'}</option>
            {stores?.map((s) => (
              <option key={s.location_id} value={String(s.location_id)}>
                {s.location_name}
              </option>
            ))}
          </select>
        );
      case 'text':
      case 'email':
      case 'date':
      case 'time':
      case 'datetime': {
        const type =
          field.type === 'email'
            ? 'email'
            : field.type === 'date'
              ? 'date'
              : field.type === 'time'
                ? 'time'
                : field.type === 'datetime'
                  ? 'datetime-local'
                  : 'text';
        return (
          <input
            type={type}
            placeholder={field.placeholder_text || undefined}
            autoComplete={field.type === 'email' ? 'email' : undefined}
            {...input}
            {...form.register(name)}
          />
        );
      }
    }
  })();

  return (
    <div className={rowClass}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        {control}
        {errorLine}
      </div>
    </div>
  );
}
