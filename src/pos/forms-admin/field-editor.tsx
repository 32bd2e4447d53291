/**
 * One custom form field in the admin's editor (storefront.md §3 field types; the rules in
 * src/contracts/forms-admin.ts): its type, label, placeholder, required and options (one per
 * line: dropdown, radio, checkbox; an image's path), moved up or down or removed.
 */
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '../../domain/forms/custom-form';
import { hasOptions } from '../../contracts/forms-admin';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import fieldStyles from '../../ui/field.module.css';
import styles from './forms-admin.module.css';

export interface FieldRow {
  /** Kept on save (submissions and prefill links use it); absent for a new field. */
  id?: number;
  /** This editor's own key for a row (new rows have no id yet). */
  key: string;
  type: CustomFieldType;
  label_text: string;
  placeholder_text: string;
  required: boolean;
  options: string;
}

const TYPE_NAMES: Record<CustomFieldType, string> = {
  text: 'Text',
  email: 'Email',
  textarea: 'Text area',
  dropdown: 'Dropdown',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  date: 'Date',
  time: 'Time',
  datetime: 'Date and time',
  legend: 'Heading (legend)',
  description: 'Description text',
  image: 'Image',
  store_select: 'Store choice',
};

const takesValue = (t: CustomFieldType) => t !== 'legend' && t !== 'description' && t !== 'image';

interface Props {
  row: FieldRow;
  n: number;
  last: boolean;
  errors: Record<string, string>;
  onChange: (patch: Partial<FieldRow>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function FieldEditor({ row, n, last, errors, onChange, onMove, onRemove }: Props) {
  const e = (k: string) => errors[`fields.${n}.${k}`];
  const label = `Field ${n + 1}`;
  return (
    <fieldset className={styles.field} aria-label={label} data-testid={`field-${n}`}>
      <legend className={styles.fieldTitle}>
        {label}: {TYPE_NAMES[row.type]}
        {row.id ? ` (id ${row.id})` : ' (new)'}
      </legend>
      <div className={styles.grid}>
        <SelectField
          label={`${label} type`}
          value={row.type}
          onChange={(ev) => onChange({ type: ev.target.value as CustomFieldType })}
        >
          {CUSTOM_FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_NAMES[t]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={
            row.type === 'image' ? `${label} alt text` : row.type === 'description' ? `${label} text` : `${label} label`
          }
          value={row.label_text}
          onChange={(ev) => onChange({ label_text: ev.target.value })}
          error={e('label_text')}
        />
        {takesValue(row.type) && row.type !== 'checkbox' && row.type !== 'radio' ? (
          <TextField
            label={`${label} placeholder`}
            value={row.placeholder_text}
            onChange={(ev) => onChange({ placeholder_text: ev.target.value })}
            error={e('placeholder_text')}
          />
        ) : null}
      </div>
      {hasOptions(row.type) || row.type === 'image' ? (
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={`${row.key}-options`}>
            {row.type === 'image' ? `${label} image path` : `${label} options (one per line)`}
          </label>
          <textarea
            id={`${row.key}-options`}
            className={styles.textarea}
            rows={row.type === 'image' ? 1 : 3}
            value={row.options}
            aria-invalid={e('options') ? true : undefined}
            aria-describedby={e('options') ? `${row.key}-options-error` : undefined}
            onChange={(ev) => onChange({ options: ev.target.value })}
          />
          {e('options') ? (
            <p id={`${row.key}-options-error`} className={fieldStyles.error} role="alert">
              {e('options')}
            </p>
          ) : row.type === 'checkbox' ? (
            <p className={fieldStyles.hint}>No options: one yes/no box.</p>
          ) : null}
        </div>
      ) : null}
      <div className={styles.actions}>
        {takesValue(row.type) ? (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={row.required}
              onChange={(ev) => onChange({ required: ev.target.checked })}
            />{' '}
            Required
          </label>
        ) : null}
        <Button variant="ghost" disabled={n === 0} onClick={() => onMove(-1)} aria-label={`Move ${label} up`}>
          Up
        </Button>
        <Button variant="ghost" disabled={last} onClick={() => onMove(1)} aria-label={`Move ${label} down`}>
          Down
        </Button>
        <Button variant="ghost" onClick={onRemove} aria-label={`Remove ${label}`}>
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
