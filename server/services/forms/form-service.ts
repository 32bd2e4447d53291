/**
 * Custom form pages' server side (storefront.md §2 "Custom form pages", §3, §5, §7 "Forms";
 * docs/decisions/storefront.md "Custom forms"): the form to draw, the stores a store_select field
 * offers, and a submission.
 *
 * Must stay true: a submission is checked against the form's own fields by the same rules the
 * page runs (src/domain/forms/custom-form.ts) and only those fields are kept; the recipient is a
 * store's address from the locations table (the chosen store_select store, else the form's mail
 * store, else the default store), never an address the browser sends; a form with require_captcha 1 spends one solved
 * captcha per submission, after the input is known to be good; the stored submission and its
 * outbox row commit together, then the sender is called.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  FORM_SENT,
  FORM_SETTINGS_DEFAULTS,
  type CustomFormReply,
  type FormData,
  type FormLocationsReply,
  type PostSubmissionRequest,
  type PostSubmissionReply,
} from '../../../src/contracts/custom-forms';
import type { SessionUser } from '../../../src/contracts/session';
import { CAPTCHA_NEEDED } from '../../../src/domain/forms/captcha';
import {
  captchaRequired,
  cleanSubmission,
  customFormSchema,
  isDisplayOnly,
  type CustomFieldType,
  type CustomFormField,
} from '../../../src/domain/forms/custom-form';
import type { DB } from '../../db/schema';
import { ServiceError, notFound } from '../../errors';
import type { NotificationSender } from '../notifications/notification-sender';
import { deliverNow, mailableStores, queueStoreMail, storeRecipient } from './form-mail';

export const NO_STORE = 'No store can receive this form right now. Please call the store.';

const FORM_DATA_DEFAULTS: FormData = { require_captcha: 0, ...FORM_SETTINGS_DEFAULTS };

/** Only a path on this site: a form never sends a shopper to another origin. */
export const safeRedirect = (url: string): string | null => (/^\/(?![/\\])[^\s]*$/.test(url) ? url : null);

export function formDataOf(raw: Record<string, unknown>): FormData {
  const d: FormData = { ...FORM_DATA_DEFAULTS };
  const str = (k: keyof FormData) => {
    const v = raw[k];
    return typeof v === 'string' ? v : undefined;
  };
  d.require_captcha = captchaRequired(raw.require_captcha) ? 1 : 0;
  d.redirect_on_submit = captchaRequired(raw.redirect_on_submit) ? 1 : 0;
  d.schedule_appointment = raw.schedule_appointment === true;
  for (const k of [
    'heading_text',
    'submit_button_text',
    'submit_button_color',
    'submit_button_text_color',
    'redirect_url',
    'after_submit_message',
  ] as const)
    d[k] = str(k) ?? d[k];
  const pos = str('label_position');
  if (pos === 'top' || pos === 'left' || pos === 'hidden') d.label_position = pos;
  return d;
}

/** Ours (form_data.mail_location_id): the store a form is mailed to; null: the default store. */
export function mailLocationOf(raw: Record<string, unknown>): number | null {
  const v = raw.mail_location_id;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

interface LoadedForm {
  reply: CustomFormReply;
  name: string;
  /** form_data.mail_location_id (docs/decisions/storefront.md "Custom forms admin"). */
  mailTo: number | null;
  fields: CustomFormField[];
}

/** A form's fields in their order (sort index, then id): the form page, the admin form and its submissions. */
export async function formFields(db: Kysely<DB>, formId: number) {
  const rows = await db
    .selectFrom('custom_form_fields')
    .select(['field_id', 'type', 'label_text', 'placeholder_text', 'required', 'options', 'sort_index'])
    .where('form_id', '=', formId)
    .orderBy('sort_index')
    .orderBy('field_id')
    .execute();
  return rows.map((r) => ({
    id: r.field_id,
    type: r.type as CustomFieldType,
    label_text: r.label_text,
    placeholder_text: r.placeholder_text,
    required: r.required,
    options: Array.isArray(r.options) ? r.options.map(String) : [],
    index: r.sort_index,
  }));
}

export class FormService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sender: Pick<NotificationSender, 'deliver'>,
  ) {}

  async get(slug: string): Promise<CustomFormReply> {
    const form = await this.load({ slug });
    return form.reply;
  }

  async locations(): Promise<FormLocationsReply> {
    const stores = await mailableStores(this.db);
    return {
      locations: stores.map((s) => ({ location_id: s.location_id, location_name: s.name, email_address: s.email })),
    };
  }

  /** `consumeCaptcha`: the captcha port's consume() of this request's captchaInput. */
  async submit(
    req: PostSubmissionRequest,
    user: SessionUser | null,
    consumeCaptcha: () => Promise<boolean>,
  ): Promise<PostSubmissionReply> {
    const form = await this.load({ form_id: req.form_id });
    const stores = await mailableStores(this.db);
    const storeIds = stores.map((s) => String(s.location_id));
    const checked = customFormSchema(form.fields, storeIds).safeParse(req.submission_values);
    if (!checked.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of checked.error.issues)
        (fields[String(issue.path[0] ?? 'submission_values')] ??= []).push(issue.message);
      throw new ServiceError('invalid', 'invalid_input', checked.error.issues[0]?.message ?? 'Invalid form.', fields);
    }
    const values = cleanSubmission(form.fields, checked.data);
    const storeField = form.fields.find((f) => f.type === 'store_select' && values[f.id]);
    const chosen = storeField ? Number(values[storeField.id]) : null;
    // The shopper's store_select choice, else the form's mail store, else (either unable to
    // receive mail now) the default store.
    const to =
      (await storeRecipient(this.db, chosen ?? form.mailTo)) ??
      (chosen === null && form.mailTo !== null ? await storeRecipient(this.db, null) : null);
    if (!to) throw new ServiceError('refused', 'no_store', NO_STORE);
    if (form.reply.form_data.require_captcha === 1 && !(await consumeCaptcha()))
      throw new ServiceError('refused', 'captcha_required', CAPTCHA_NEEDED, { captchaInput: [CAPTCHA_NEEDED] });

    const storeName = (id: string) => stores.find((s) => String(s.location_id) === id)?.name ?? id;
    const lines = [`Form: ${form.name}`, `Page: ${req.origin_url || '(not given)'}`, `Store: ${to.name}`, ''];
    for (const f of form.fields) {
      if (isDisplayOnly(f.type)) continue;
      const v = values[f.id] ?? '';
      const shown = Array.isArray(v) ? v.join(', ') : f.type === 'store_select' && v ? storeName(v) : v;
      lines.push(`${f.label_text}: ${shown}`);
    }
    const id = randomUUID();
    const actor = user ? `${user.kind}:${user.id}` : 'guest';
    const outboxId = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('form_submissions')
        .values({
          id,
          form_id: form.reply.id,
          origin_url: req.origin_url,
          submission_values: JSON.stringify(values),
          location_id: to.location_id,
          recipient: to.email,
          actor_id: actor,
        })
        .execute();
      const nid = await queueStoreMail(trx, {
        kind: 'form_submission',
        to: to.email,
        subject: `${form.name}: a new submission`,
        lines,
        actor,
        sourceRef: id,
      });
      await trx.updateTable('form_submissions').set({ notification_id: nid }).where('id', '=', id).execute();
      return nid;
    });
    const sent = await deliverNow(this.sender, outboxId);
    const d = form.reply.form_data;
    const redirect = d.redirect_on_submit === 1 ? safeRedirect(d.redirect_url) : null;
    return {
      success: d.after_submit_message || FORM_SENT,
      ...(redirect ? { redirect } : {}),
      ...(sent === 'queued' ? { queued: true as const } : {}),
    };
  }

  private async load(by: { slug: string } | { form_id: number }): Promise<LoadedForm> {
    const q = this.db
      .selectFrom('custom_forms')
      .select(['form_id', 'slug', 'name', 'form_data'])
      .where('status', '=', true);
    const form = await (
      'slug' in by ? q.where('slug', '=', by.slug) : q.where('form_id', '=', by.form_id)
    ).executeTakeFirst();
    if (!form) throw notFound('This form could not be found.');
    const fields = await formFields(this.db, form.form_id);
    return {
      name: form.name,
      mailTo: mailLocationOf(form.form_data ?? {}),
      reply: { id: form.form_id, slug: form.slug, form_data: formDataOf(form.form_data ?? {}), fields },
      fields: fields.map((f) => ({
        id: String(f.id),
        type: f.type,
        label_text: f.label_text,
        required: f.required,
        options: f.options,
      })),
    };
  }
}
