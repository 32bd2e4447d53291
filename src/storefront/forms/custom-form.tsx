import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { formLocationsQueryOptions, postSubmission } from '../../api/custom-forms';
import type { CustomFormReply, PostSubmissionReply } from '../../contracts/custom-forms';
import { CAPTCHA_NEEDED } from '../../domain/forms/captcha';
import {
  customFormSchema,
  isDisplayOnly,
  prefillFromQuery,
  type CustomFormField,
} from '../../domain/forms/custom-form';
import { CaptchaCheck } from '../../features/captcha/captcha-check';
import { useMarketing } from '../../features/marketing/track';
import { readableTextColor } from '../../ui/readable-color';
import { useZodForm } from '../../ui/use-zod-form';
import { FormField, keyOf, SINGLE_CHECKBOX, type FormValues } from './form-field';
import styles from './forms.module.css';

/** storefront.md §4: on a captcha error the message is shown and the button reverts after 1 s. */
const CAPTCHA_REVERT_MS = 1000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Props {
  form: CustomFormReply;
  query: Readonly<Record<string, string>>;
  onDone: (reply: PostSubmissionReply) => void;
}

/** The form's initial values: prefilled from the query (§5), a checkbox as the list of its ticked options. */
function initialValues(form: CustomFormReply, query: Readonly<Record<string, string>>): FormValues {
  const byId: CustomFormField[] = form.fields.map((f) => ({ ...f, id: String(f.id) }));
  const pre = prefillFromQuery(byId, query);
  const out: FormValues = { captchaInput: '' };
  for (const f of form.fields) {
    if (isDisplayOnly(f.type)) continue;
    const v = pre[String(f.id)] ?? '';
    if (f.type === 'checkbox') {
      const options = f.options.length > 0 ? f.options : [SINGLE_CHECKBOX];
      out[keyOf(f.id)] = v.split(',').filter((x) => options.includes(x));
    } else if (f.type === 'datetime') out[keyOf(f.id)] = v.replace(' ', 'T');
    else out[keyOf(f.id)] = v;
  }
  return out;
}

/**
 * A custom form (storefront.md §2, §4, §5): the fields in their order, the captcha when
 * require_captcha is 1, the submit button in the form's colours. The same rules as the server
 * (src/domain/forms/custom-form.ts) run at submit; the server's field errors land under their
 * fields, its captcha error under the captcha. A sent form is the marketing `contact` event.
 */
export function CustomForm({ form, query, onDone }: Props) {
  const d = form.form_data;
  const needsStores = form.fields.some((f) => f.type === 'store_select');
  const stores = useQuery({ ...formLocationsQueryOptions, enabled: needsStores });
  const storeIds = useMemo(() => stores.data?.locations.map((l) => String(l.location_id)), [stores.data]);
  const schema = useMemo(
    () =>
      customFormSchema(
        form.fields.map((f): CustomFormField => ({ ...f, id: keyOf(f.id) })),
        storeIds,
      ),
    [form.fields, storeIds],
  );
  const rhf = useZodForm(schema, initialValues(form, query), { raw: true });
  const marketing = useMarketing();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = rhf.formState.isSubmitting;
  const captchaInput = rhf.watch('captchaInput');
  const captchaValue = typeof captchaInput === 'string' ? captchaInput : '';

  const submit = rhf.handleSubmit(async (values) => {
    setFailure(null);
    if (d.require_captcha === 1 && !captchaValue) {
      rhf.setError('captchaInput', { message: CAPTCHA_NEEDED });
      return;
    }
    const submission: Record<string, string | string[]> = {};
    for (const f of form.fields) if (!isDisplayOnly(f.type)) submission[String(f.id)] = values[keyOf(f.id)] ?? '';
    try {
      const reply = await postSubmission({
        origin_url: window.location.pathname + window.location.search,
        form_id: form.id,
        submission_values: submission,
        captchaInput: captchaValue,
      });
      // §9 "contact": the store the message went to when the shopper chose one ('' the default store).
      const store = form.fields.find((f) => f.type === 'store_select');
      const location = store ? values[keyOf(store.id)] : '';
      marketing.contact(null, typeof location === 'string' ? location : '', { id: form.id, name: form.slug });
      onDone(reply);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const fields = err.fields;
      if (fields.captchaInput?.[0]) {
        rhf.setValue('captchaInput', '');
        rhf.setError('captchaInput', { message: fields.captchaInput[0] });
        await wait(CAPTCHA_REVERT_MS);
        return;
      }
      let placed = false;
      for (const [k, v] of Object.entries(fields))
        if (v[0] && form.fields.some((f) => String(f.id) === k)) {
          rhf.setError(keyOf(Number(k)), { message: v[0] });
          placed = true;
        }
      if (!placed) setFailure(err.message);
      // A solved captcha the server spent or refused cannot be sent again.
      if (d.require_captcha === 1) rhf.setValue('captchaInput', '');
    }
  });

  const button = d.submit_button_color
    ? {
        background: d.submit_button_color,
        borderColor: d.submit_button_color,
        color: readableTextColor(d.submit_button_color, d.submit_button_text_color),
      }
    : undefined;

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {form.fields.map((f) => (
        <FormField
          key={f.id}
          field={f}
          form={rhf}
          error={rhf.error(keyOf(f.id))}
          labelPosition={d.label_position}
          stores={stores.data?.locations}
        />
      ))}
      {d.require_captcha === 1 && (
        <CaptchaCheck
          value={captchaValue}
          onChange={(payload) => {
            rhf.setValue('captchaInput', payload);
            rhf.clearErrors('captchaInput');
          }}
          error={rhf.error('captchaInput')}
        />
      )}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className={styles.submit} style={button} disabled={busy}>
        {busy ? 'Submitting...' : d.submit_button_text || 'Submit'}
      </button>
    </form>
  );
}
