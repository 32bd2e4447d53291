import { z } from 'zod';
import { CAPTCHA_INPUT_MAX, CAPTCHA_MISMATCH } from '../domain/forms/captcha';
import { CUSTOM_FIELD_TYPES } from '../domain/forms/custom-form';

/**
 * Custom form pages (storefront.md §3 "Custom form", §7 "Forms"; docs/decisions/storefront.md
 * "Custom forms"):
 * - GET /api/forms/{slug}: the form to draw (our path: the spec names none).
 * - POST index.php?route=module/forms/getLocations: the stores a store_select field offers.
 * - POST index.php?route=module/forms/postSubmission (form encoded or JSON): origin_url, form_id,
 *   submission_values (an object, or its JSON text in a form-encoded body) and, when the form
 *   requires it, captchaInput (the proof-of-work payload). Returns success or a 4xx error whose
 *   `fields` are keyed by field id.
 */
export const formDataSchema = z.object({
  require_captcha: z.union([z.literal(0), z.literal(1)]),
  heading_text: z.string(),
  submit_button_text: z.string(),
  submit_button_color: z.string(),
  submit_button_text_color: z.string(),
  redirect_on_submit: z.union([z.literal(0), z.literal(1)]),
  redirect_url: z.string(),
  after_submit_message: z.string(),
  label_position: z.enum(['top', 'left', 'hidden']),
  /** Ours: show the Schedule Appointment button under the form. */
  schedule_appointment: z.boolean(),
});
export type FormData = z.infer<typeof formDataSchema>;

/** The message a sent form shows when its form_data sets none. */
export const FORM_SENT = 'Thank you! Your form has been submitted.';

/** form_data's settings but the captcha: what a stored form lacks reads as, and what a new form starts with. */
export const FORM_SETTINGS_DEFAULTS: Omit<FormData, 'require_captcha'> = {
  heading_text: '',
  submit_button_text: 'Submit',
  submit_button_color: '#1d4ed8',
  submit_button_text_color: '#ffffff',
  redirect_on_submit: 0,
  redirect_url: '',
  after_submit_message: FORM_SENT,
  label_position: 'top',
  schedule_appointment: false,
};

export const customFormFieldSchema = z.object({
  id: z.number().int(),
  type: z.enum(CUSTOM_FIELD_TYPES as [string, ...string[]]).transform((t) => t as (typeof CUSTOM_FIELD_TYPES)[number]),
  label_text: z.string(),
  placeholder_text: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  index: z.number().int(),
});
export type CustomFormFieldReply = z.infer<typeof customFormFieldSchema>;

export const customFormReplySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  form_data: formDataSchema,
  fields: z.array(customFormFieldSchema),
});
export type CustomFormReply = z.infer<typeof customFormReplySchema>;

export const customFormParamsSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/, 'No such form.'),
});

export const formLocationsReplySchema = z.object({
  locations: z.array(z.object({ location_id: z.number().int(), location_name: z.string(), email_address: z.string() })),
});
export type FormLocationsReply = z.infer<typeof formLocationsReplySchema>;

const submissionValue = z.union([z.string().max(10_000), z.array(z.string().max(10_000)).max(50)]);
const submissionValues = z.record(z.string().max(20), submissionValue);

export const postSubmissionRequestSchema = z.object({
  origin_url: z.string().trim().max(2000, 'Maximum 2000 characters').default(''),
  form_id: z.coerce
    .number({ error: 'Unknown form.' })
    .int('Unknown form.')
    .positive('Unknown form.')
    .max(2_147_483_647, 'Unknown form.'),
  submission_values: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, submissionValues),
  captchaInput: z.string().trim().max(CAPTCHA_INPUT_MAX, CAPTCHA_MISMATCH).default(''),
});
export type PostSubmissionRequest = z.infer<typeof postSubmissionRequestSchema>;

export const postSubmissionReplySchema = z.object({
  success: z.string(),
  redirect: z.string().optional(),
  queued: z.literal(true).optional(),
});
export type PostSubmissionReply = z.infer<typeof postSubmissionReplySchema>;
