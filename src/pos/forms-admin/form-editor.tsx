/**
 * Create or edit a custom form (storefront.md §3 "Custom form": form_data and fields; §5 captcha;
 * docs/decisions/storefront.md "Custom forms admin"): checked with the contract's schema before
 * sending, the server's field messages shown under the same inputs.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { formsAdminQueryKey, saveAdminForm } from '../../api/forms-admin';
import { FORM_SETTINGS_DEFAULTS } from '../../contracts/custom-forms';
import { customFormSaveSchema, type AdminForm, type AdminFormData } from '../../contracts/forms-admin';
import { Button } from '../../ui/button';
import { Options } from '../../ui/options';
import { SectionForm } from '../../ui/section-form';
import { SelectField, TextField } from '../../ui/field';
import { FieldEditor, type FieldRow } from './field-editor';
import adminPage from '../../ui/admin-page.module.css';
import styles from './forms-admin.module.css';

type Errors = Record<string, string>;
let nextKey = 0;
const newKey = () => `f${++nextKey}`;

export const BLANK_FORM_DATA: AdminFormData = {
  require_captcha: 1,
  ...FORM_SETTINGS_DEFAULTS,
  mail_location_id: null,
};

const toRows = (f: AdminForm | null): FieldRow[] =>
  (f?.fields ?? []).map((x) => ({ ...x, key: newKey(), options: x.options.join('\n') }));

interface Props {
  form: AdminForm | null;
  stores: { location_id: number; name: string }[];
  onSaved: (f: AdminForm) => void;
  onClose: () => void;
}

export function FormEditor({ form, stores, onSaved, onClose }: Props) {
  const client = useQueryClient();
  const [slug, setSlug] = useState(form?.slug ?? '');
  const [name, setName] = useState(form?.name ?? '');
  const [status, setStatus] = useState(form?.status ?? true);
  const [data, setData] = useState<AdminFormData>(form?.form_data ?? BLANK_FORM_DATA);
  const [rows, setRows] = useState<FieldRow[]>(() => toRows(form));
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const set = (patch: Partial<AdminFormData>) => setData((d) => ({ ...d, ...patch }));

  const save = useMutation({
    mutationFn: saveAdminForm,
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: formsAdminQueryKey });
      setRows(toRows(saved));
      setDone(true);
      onSaved(saved);
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors({
        _: err.message,
        ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? err.message])),
      });
    },
  });

  const submit = () => {
    setDone(false);
    const checked = customFormSaveSchema.safeParse({
      ...(form ? { id: form.id } : {}),
      slug,
      name,
      status,
      form_data: data,
      fields: rows.map(({ key: _key, options, ...f }) => ({
        ...f,
        options: options.split('\n').map((o) => o.trim()),
      })),
    });
    if (!checked.success) {
      const out: Errors = { _: 'Please correct the fields marked below.' };
      for (const i of checked.error.issues) out[i.path.map(String).join('.')] ??= i.message;
      setErrors(out);
      return;
    }
    setErrors({});
    // What the screen checked goes as it is; the server checks it again.
    save.mutate(checked.data);
  };

  const move = (i: number, by: -1 | 1) =>
    setRows((rs) => {
      const next = [...rs];
      const [r] = next.splice(i, 1);
      next.splice(i + by, 0, r!);
      return next;
    });

  return (
    <SectionForm
      titleId="form-editor-title"
      title={form ? `Edit form: ${form.name}` : 'New form'}
      error={errors._}
      onSubmit={submit}
      className={adminPage.section}
      titleClassName={adminPage.sectionTitle}
      alertClassName={styles.alert}
    >
      <div className={styles.grid}>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <TextField
          label="Address (/forms/…)"
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          error={errors.slug}
          hint="Lowercase letters, digits and -"
        />
        <TextField
          label="Heading"
          value={data.heading_text}
          onChange={(e) => set({ heading_text: e.target.value })}
          error={errors['form_data.heading_text']}
        />
        <SelectField
          label="Mail submissions to"
          value={data.mail_location_id ?? ''}
          onChange={(e) => set({ mail_location_id: e.target.value ? Number(e.target.value) : null })}
          error={errors['form_data.mail_location_id']}
          hint="A store the shopper picks in a Store choice field comes first."
        >
          <option value="">The default store</option>
          <Options items={stores} value={(s) => s.location_id} label={(s) => s.name} />
        </SelectField>
        <SelectField
          label="Label position"
          value={data.label_position}
          onChange={(e) => set({ label_position: e.target.value as AdminFormData['label_position'] })}
        >
          <option value="top">Above the field</option>
          <option value="left">Left of the field</option>
          <option value="hidden">Hidden</option>
        </SelectField>
        <TextField
          label="Submit button text"
          value={data.submit_button_text}
          onChange={(e) => set({ submit_button_text: e.target.value })}
          error={errors['form_data.submit_button_text']}
        />
        <TextField
          label="Button colour"
          value={data.submit_button_color}
          onChange={(e) => set({ submit_button_color: e.target.value })}
          error={errors['form_data.submit_button_color']}
        />
        <TextField
          label="Button text colour"
          value={data.submit_button_text_color}
          onChange={(e) => set({ submit_button_text_color: e.target.value })}
          error={errors['form_data.submit_button_text_color']}
        />
      </div>
      <div className={styles.actions}>
        <label className={styles.check}>
          <input type="checkbox" checked={status} onChange={(e) => setStatus(e.target.checked)} /> Active (the page is
          online)
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={data.require_captcha === 1}
            onChange={(e) => set({ require_captcha: e.target.checked ? 1 : 0 })}
          />{' '}
          Require a captcha
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={data.schedule_appointment}
            onChange={(e) => set({ schedule_appointment: e.target.checked })}
          />{' '}
          Schedule Appointment button
        </label>
      </div>
      <fieldset className={styles.field}>
        <legend className={styles.fieldTitle}>After a submission</legend>
        <div className={styles.actions}>
          <label className={styles.check}>
            <input
              type="radio"
              name="after-submit"
              checked={data.redirect_on_submit === 0}
              onChange={() => set({ redirect_on_submit: 0 })}
            />{' '}
            Show a thank-you message
          </label>
          <label className={styles.check}>
            <input
              type="radio"
              name="after-submit"
              checked={data.redirect_on_submit === 1}
              onChange={() => set({ redirect_on_submit: 1 })}
            />{' '}
            Go to a page
          </label>
        </div>
        {data.redirect_on_submit === 1 ? (
          <TextField
            label="Page to go to"
            value={data.redirect_url}
            placeholder="/product/catalog"
            onChange={(e) => set({ redirect_url: e.target.value })}
            error={errors['form_data.redirect_url']}
          />
        ) : (
          <TextField
            label="Thank-you message"
            value={data.after_submit_message}
            onChange={(e) => set({ after_submit_message: e.target.value })}
            error={errors['form_data.after_submit_message']}
          />
        )}
      </fieldset>
      <h3 className={adminPage.sectionTitle}>Fields</h3>
      {rows.length === 0 ? <p>No fields yet.</p> : null}
      {rows.map((r, i) => (
        <FieldEditor
          key={r.key}
          row={r}
          n={i}
          last={i === rows.length - 1}
          errors={errors}
          onChange={(patch) => setRows((rs) => rs.map((x) => (x.key === r.key ? { ...x, ...patch } : x)))}
          onMove={(by) => move(i, by)}
          onRemove={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
        />
      ))}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() =>
            setRows((rs) => [
              ...rs,
              { key: newKey(), type: 'text', label_text: '', placeholder_text: '', required: false, options: '' },
            ])
          }
        >
          Add field
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save form'}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
        <p role="status" className={styles.status}>
          {done ? 'Form saved.' : ''}
        </p>
      </div>
    </SectionForm>
  );
}
