/**
 * The custom forms' staff calls (docs/decisions/storefront.md "Custom forms admin"), the admin's:
 * - GET /api/custom-forms: every form (active or not) with its counts;
 * - GET /api/custom-forms/:id: one form to edit, with the stores it may be mailed to;
 * - POST /api/custom-forms/save: create (no id) or edit a form and its fields (storefront.md §3
 *   "Custom form"); a field with an id keeps it (submissions and prefill links are keyed by it);
 * - GET /api/custom-forms/:id/submissions?page: its submissions, newest first, 20 a page.
 * The screen checks with `customFormSaveSchema`; the server checks again (and that every field id
 * and the mail store are real) before writing.
 */
import { z } from 'zod';
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '../domain/forms/custom-form';
import { formDataSchema } from './custom-forms';
import { SITE_PATH } from './kiosk-admin';

export const FORMS_ADMIN_MESSAGES = {
  slug: 'Use lowercase letters, digits and - (at most 64).',
  slugTaken: 'Another form already uses this address.',
  name: 'Name is required!',
  label: 'Label is required!',
  options: 'Add at least one option.',
  duplicateOption: 'Each option once.',
  image: 'Image: use a path on this site, starting with / (e.g. /image/catalog/demo/brake-pads.svg).',
  redirect: 'Redirect: use a path on this site, starting with / (e.g. /product/catalog).',
  color: 'Use a colour as #rrggbb.',
  unknownField: 'This field is not on this form any more. Reload the form.',
  mailStore: 'Choose a store that can receive mail.',
  tooManyFields: 'At most 100 fields.',
} as const;

export const SUBMISSIONS_PAGE_SIZE = 20;
const CHOICE_TYPES: ReadonlySet<CustomFieldType> = new Set(['dropdown', 'radio', 'checkbox']);
export const hasOptions = (t: CustomFieldType): boolean => CHOICE_TYPES.has(t);

const text = (max: number) => z.string().trim().max(max, `Maximum ${max} characters`);
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, FORMS_ADMIN_MESSAGES.color);
const fieldType = z.enum(CUSTOM_FIELD_TYPES as [CustomFieldType, ...CustomFieldType[]]).transform((t) => t);

export const adminFieldSchema = z
  .object({
    id: z.number().int().positive().optional(),
    type: fieldType,
    label_text: text(2000),
    placeholder_text: text(255),
    required: z.boolean(),
    options: z.array(text(255)).max(50, 'At most 50 options.'),
  })
  .superRefine((f, ctx) => {
    if (f.label_text === '' && f.type !== 'image')
      ctx.addIssue({ code: 'custom', message: FORMS_ADMIN_MESSAGES.label, path: ['label_text'] });
    else if (f.type !== 'description' && f.label_text.length > 255)
      ctx.addIssue({ code: 'custom', message: 'Maximum 255 characters', path: ['label_text'] });
    const opts = f.options.filter((o) => o !== '');
    if ((f.type === 'dropdown' || f.type === 'radio') && opts.length === 0)
      ctx.addIssue({ code: 'custom', message: FORMS_ADMIN_MESSAGES.options, path: ['options'] });
    if (hasOptions(f.type) && new Set(opts).size !== opts.length)
      ctx.addIssue({ code: 'custom', message: FORMS_ADMIN_MESSAGES.duplicateOption, path: ['options'] });
    if (f.type === 'image' && !SITE_PATH.test(opts[0] ?? ''))
      ctx.addIssue({ code: 'custom', message: FORMS_ADMIN_MESSAGES.image, path: ['options'] });
  })
  .transform((f) => {
    const opts = f.options.filter((o) => o !== '');
    // Only choices carry options, an image its one src; display-only fields are never required.
    const options = hasOptions(f.type) ? opts : f.type === 'image' ? opts.slice(0, 1) : [];
    const display = f.type === 'legend' || f.type === 'description' || f.type === 'image';
    return { ...f, options, required: display ? false : f.required };
  });
export type AdminFieldSave = z.input<typeof adminFieldSchema>;

export const adminFormDataSchema = formDataSchema
  .extend({
    heading_text: text(255),
    submit_button_text: text(60).min(1, 'Button text is required!'),
    submit_button_color: color,
    submit_button_text_color: color,
    redirect_url: text(500),
    after_submit_message: text(2000),
    /** Ours: the store this form is mailed to (null: the default store); a store_select choice wins. */
    mail_location_id: z.number().int().positive().nullable(),
  })
  .refine((d) => d.redirect_on_submit === 0 || SITE_PATH.test(d.redirect_url), {
    message: FORMS_ADMIN_MESSAGES.redirect,
    path: ['redirect_url'],
  });
export type AdminFormData = z.infer<typeof adminFormDataSchema>;

export const customFormSaveSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, FORMS_ADMIN_MESSAGES.slug),
  name: text(120).min(1, FORMS_ADMIN_MESSAGES.name),
  status: z.boolean(),
  form_data: adminFormDataSchema,
  fields: z.array(adminFieldSchema).max(100, FORMS_ADMIN_MESSAGES.tooManyFields),
});
export type CustomFormSave = z.input<typeof customFormSaveSchema>;
export type CustomFormSaveChecked = z.output<typeof customFormSaveSchema>;

export const formIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'No such form.' }).int('No such form.').positive('No such form.').max(2_147_483_647),
});
export const submissionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const adminFormSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  status: z.boolean(),
  fields: z.number().int(),
  submissions: z.number().int(),
  last_submission: z.string().nullable(),
});
const storesSchema = z.array(z.object({ location_id: z.number().int(), name: z.string() }));
/** `stores`: where a form may be mailed (active stores with a mail address). */
export const adminFormListSchema = z.object({ forms: z.array(adminFormSummarySchema), stores: storesSchema });
export type AdminFormList = z.infer<typeof adminFormListSchema>;

export const adminFormSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  status: z.boolean(),
  form_data: formDataSchema.extend({ mail_location_id: z.number().int().nullable() }),
  fields: z.array(
    z.object({
      id: z.number().int(),
      type: fieldType,
      label_text: z.string(),
      placeholder_text: z.string(),
      required: z.boolean(),
      options: z.array(z.string()),
    }),
  ),
  stores: storesSchema,
});
export type AdminForm = z.infer<typeof adminFormSchema>;

export const submissionsReplySchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  submissions: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      origin_url: z.string(),
      store: z.string(),
      recipient: z.string(),
      values: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
});
export type SubmissionsReply = z.infer<typeof submissionsReplySchema>;
