/**
 * Add or edit one custom field: name, type and location (fixed once saved), required, enabled, sort
 * order, and for select, radio and checkbox its choices (saved ones renamed or re-ordered, new ones
 * added or taken off before saving). Checked with the server's schema before sending; the server's
 * refusal shows in the form (src/contracts/custom-field-admin.ts).
 */
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { saveCustomField } from '../../api/custom-fields-admin';
import {
  customFieldSaveSchema,
  hasChoices,
  type AdminCustomField,
  type CustomFieldSaveInput,
} from '../../contracts/custom-field-admin';
import { customFieldLocations, customFieldTypes } from '../../domain/forms/custom-fields';
import { FormModal } from '../../ui/action-modal';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { LOCATION_LABEL, TYPE_LABEL } from './labels';
import styles from './custom-fields.module.css';

interface Choice {
  custom_field_value_id?: number;
  name: string;
  sort_order: string;
}

type Draft = Omit<CustomFieldSaveInput, 'values' | 'sort_order'> & { sort_order: string; values: Choice[] };

const draftOf = (f: AdminCustomField | null): Draft =>
  f
    ? {
        ...f,
        sort_order: String(f.sort_order),
        values: f.values.map((v) => ({ ...v, sort_order: String(v.sort_order) })),
      }
    : { name: '', type: 'text', location: 'account', required: false, status: true, sort_order: '0', values: [] };

export function CustomFieldModal(props: {
  field: AdminCustomField | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.field));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const editing = props.field !== null;
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };
  const setChoice = (i: number, patch: Partial<Choice>) =>
    set({ values: draft.values.map((c, j) => (j === i ? { ...c, ...patch } : c)) });

  const submit = async () => {
    const parsed = customFieldSaveSchema.safeParse({
      ...draft,
      values: hasChoices(draft.type ?? '') ? draft.values : [],
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0] ?? '_')] ??= i.message;
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      const r = await saveCustomField(parsed.data);
      props.onSaved(r.success);
    } catch (err) {
      setErrors({ _: err instanceof ApiError ? err.message : 'Something went wrong!' });
    } finally {
      setBusy(false);
    }
  };

  const choices = hasChoices(draft.type ?? '');
  return (
    <FormModal
      onClose={props.onClose}
      title={editing ? `Edit ${props.field?.name ?? ''}` : 'Add Custom Field'}
      focusFirstField
      saveLabel={busy ? 'Saving…' : 'Save'}
      disabled={busy}
      formId="custom-field-form"
      formClassName={styles.form}
      onSubmit={() => void submit()}
    >
      <TextField
        label="Name"
        value={draft.name}
        maxLength={128}
        error={errors.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <div className={styles.pair}>
        <SelectField
          label="Type"
          value={draft.type}
          disabled={editing}
          hint={editing ? 'Fixed once saved' : undefined}
          error={errors.type}
          onChange={(e) => set({ type: e.target.value as Draft['type'] })}
        >
          {customFieldTypes.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABEL[t]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Location"
          value={draft.location}
          disabled={editing}
          error={errors.location}
          onChange={(e) => set({ location: e.target.value as Draft['location'] })}
        >
          {customFieldLocations.map((l) => (
            <option key={l} value={l}>
              {LOCATION_LABEL[l]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.pair}>
        <TextField
          label="Sort Order"
          inputMode="numeric"
          value={draft.sort_order}
          error={errors.sort_order}
          onChange={(e) => set({ sort_order: e.target.value })}
        />
        <div className={styles.checks}>
          <label>
            <input
              type="checkbox"
              checked={draft.required ?? false}
              onChange={(e) => set({ required: e.target.checked })}
            />{' '}
            Required
          </label>
          <label>
            <input type="checkbox" checked={draft.status ?? true} onChange={(e) => set({ status: e.target.checked })} />{' '}
            Enabled
          </label>
        </div>
      </div>
      {choices && (
        <fieldset className={styles.choices}>
          <legend>Choices</legend>
          {draft.values.map((c, i) => (
            <div key={c.custom_field_value_id ?? `new-${i}`} className={styles.choice}>
              <TextField
                label={`Choice ${i + 1}`}
                value={c.name}
                maxLength={128}
                onChange={(e) => setChoice(i, { name: e.target.value })}
              />
              <TextField
                label={`Choice ${i + 1} sort order`}
                inputMode="numeric"
                className={styles.sortInput}
                value={c.sort_order}
                onChange={(e) => setChoice(i, { sort_order: e.target.value })}
              />
              {c.custom_field_value_id === undefined && (
                <Button
                  variant="ghost"
                  aria-label={`Remove choice ${i + 1}`}
                  onClick={() => set({ values: draft.values.filter((_, j) => j !== i) })}
                >
                  ×
                </Button>
              )}
            </div>
          ))}
          {errors.values && (
            <p className={styles.error} role="alert">
              {errors.values}
            </p>
          )}
          <Button
            variant="secondary"
            onClick={() => set({ values: [...draft.values, { name: '', sort_order: String(draft.values.length) }] })}
          >
            Add Choice
          </Button>
        </fieldset>
      )}
      {errors._ && (
        <p className={styles.error} role="alert">
          {errors._}
        </p>
      )}
    </FormModal>
  );
}
