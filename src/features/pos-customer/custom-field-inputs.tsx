/**
 * The shop's custom fields as form controls (pos-back-office.md §3 "Custom field", the eight
 * types): select, radio, checkbox (a group: any of its values), text, textarea, date, time and
 * datetime (native pickers; a datetime is stored "YYYY-MM-DD HH:mm" as §9's formats write it). The
 * answers live in the form under `prefix` (`account_custom_field`, `addresses.0.custom_field`),
 * keyed by the field's id; the domain schema checks them (src/domain/forms/custom-fields.ts) and its
 * messages show under each control.
 */
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CustomFieldDef, CustomFieldValues } from '../../domain/forms/custom-fields';
import { SelectField, TextField } from '../../ui/field';
import fieldStyles from '../../ui/field.module.css';
import styles from './custom-field-inputs.module.css';

/** How the controls reach the form (react-hook-form underneath), by full field name. */
export interface CustomFieldBinding {
  register: (name: string) => UseFormRegisterReturn;
  value: (name: string) => unknown;
  set: (name: string, v: string | string[]) => void;
  error: (name: string) => string | undefined;
}

/** Every field of `defs` with an empty answer (checkbox: no value), for a form's default values. */
export function blankAnswers(defs: readonly CustomFieldDef[], given: CustomFieldValues = {}): CustomFieldValues {
  const out: CustomFieldValues = {};
  for (const d of defs) {
    const key = String(d.custom_field_id);
    const v = given[key];
    out[key] = d.type === 'checkbox' ? (Array.isArray(v) ? v : v ? [v] : []) : typeof v === 'string' ? v : '';
  }
  return out;
}

function Group({
  label,
  error,
  required,
  children,
}: {
  label: string;
  error?: string | undefined;
  required: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-required={required || undefined}
    >
      <legend className={fieldStyles.label}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className={styles.choices}>{children}</div>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function CustomFieldInput({ def, name, bind }: { def: CustomFieldDef; name: string; bind: CustomFieldBinding }) {
  const error = bind.error(name);
  const label = def.name;
  const textareaId = useId();
  switch (def.type) {
    case 'select':
      return (
        <SelectField label={label} required={def.required} error={error} {...bind.register(name)}>
          <option value="">Please select</option>
          {def.values.map((v) => (
            <option key={v.custom_field_value_id} value={String(v.custom_field_value_id)}>
              {v.name}
            </option>
          ))}
        </SelectField>
      );
    case 'radio':
      return (
        <Group label={label} error={error} required={def.required}>
          {def.values.map((v) => (
            <label key={v.custom_field_value_id} className={styles.choice}>
              <input type="radio" value={String(v.custom_field_value_id)} {...bind.register(name)} />
              {v.name}
            </label>
          ))}
        </Group>
      );
    case 'checkbox': {
      const current = bind.value(name);
      const chosen = Array.isArray(current) ? (current as string[]) : [];
      return (
        <Group label={label} error={error} required={def.required}>
          {def.values.map((v) => {
            const id = String(v.custom_field_value_id);
            return (
              <label key={id} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={chosen.includes(id)}
                  onChange={(e) => bind.set(name, e.target.checked ? [...chosen, id] : chosen.filter((x) => x !== id))}
                />
                {v.name}
              </label>
            );
          })}
        </Group>
      );
    }
    case 'textarea':
      return (
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={textareaId}>
            {label}
          </label>
          <textarea
            id={textareaId}
            className={`${fieldStyles.input} ${styles.textarea}`}
            required={def.required}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${textareaId}-error` : undefined}
            rows={3}
            {...bind.register(name)}
          />
          {error && (
            <p id={`${textareaId}-error`} className={fieldStyles.error} role="alert">
              {error}
            </p>
          )}
        </div>
      );
    case 'datetime': {
      const current = bind.value(name);
      return (
        <TextField
          label={label}
          type="datetime-local"
          required={def.required}
          error={error}
          value={typeof current === 'string' ? current.replace(' ', 'T') : ''}
          onChange={(e) => bind.set(name, e.target.value.replace('T', ' '))}
        />
      );
    }
    case 'text':
    case 'date':
    case 'time':
      return <TextField label={label} type={def.type} required={def.required} error={error} {...bind.register(name)} />;
  }
}

/** The controls of `defs` (one location's fields, in the shop's order) under `prefix`. */
export function CustomFieldInputs({
  defs,
  prefix,
  bind,
}: {
  defs: readonly CustomFieldDef[];
  prefix: string;
  bind: CustomFieldBinding;
}) {
  if (defs.length === 0) return null;
  return (
    <>
      {defs.map((d) => (
        <CustomFieldInput key={d.custom_field_id} def={d} name={`${prefix}.${d.custom_field_id}`} bind={bind} />
      ))}
    </>
  );
}
