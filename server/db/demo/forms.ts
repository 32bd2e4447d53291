/**
 * The demo shop's custom forms (migration 0028-e; docs/decisions/storefront.md "Custom forms"):
 * - contact-us: a short contact form with a store choice, the captcha, and the Schedule
 *   Appointment button under it;
 * - parts-request: every field type of storefront.md §3, the captcha, a thank-you message;
 * - newsletter: no captcha, redirects to the catalogue after a submission.
 * Deterministic: no clock, no randomness.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

interface DemoField {
  type: string;
  label_text: string;
  placeholder_text?: string;
  required?: boolean;
  options?: string[];
}

interface DemoForm {
  slug: string;
  name: string;
  form_data: Record<string, unknown>;
  fields: DemoField[];
}

export const DEMO_FORMS: DemoForm[] = [
  {
    slug: 'contact-us',
    name: 'Contact Us',
    form_data: {
      heading_text: 'Contact Us',
      require_captcha: 1,
      submit_button_text: 'Send Message',
      after_submit_message: 'Thank you! A store will get back to you within one business day.',
      label_position: 'top',
      schedule_appointment: true,
    },
    fields: [
      { type: 'text', label_text: 'Name', placeholder_text: 'Your name', required: true },
      { type: 'email', label_text: 'Email', placeholder_text: 'you@example.com', required: true },
      { type: 'store_select', label_text: 'Store', required: true },
      {
        type: 'dropdown',
        label_text: 'Topic',
        required: true,
        options: ['Parts question', 'Order status', 'Installation', 'Other'],
      },
      { type: 'textarea', label_text: 'Message', required: true },
    ],
  },
  {
    slug: 'parts-request',
    name: 'Parts Request',
    form_data: {
      heading_text: 'Request a Part',
      require_captcha: 1,
      submit_button_text: 'Send Request',
      submit_button_color: '#15803d',
      submit_button_text_color: '#ffffff',
      after_submit_message: 'Thank you! We will look for your part and call you back.',
      label_position: 'top',
    },
    fields: [
      {
        type: 'description',
        label_text: 'Cannot find a part in the catalogue? Tell us what you need and a store will find it for you.',
      },
      { type: 'image', label_text: 'Brake pads', options: ['/image/catalog/demo/brake-pads.svg'] },
      { type: 'legend', label_text: 'About you' },
      { type: 'text', label_text: 'Name', placeholder_text: 'Your name', required: true },
      { type: 'email', label_text: 'Email', placeholder_text: 'you@example.com', required: true },
      { type: 'store_select', label_text: 'Pickup store', required: true },
      { type: 'legend', label_text: 'The part' },
      { type: 'text', label_text: 'Vehicle', placeholder_text: 'Year, make, model', required: true },
      { type: 'dropdown', label_text: 'Condition', required: true, options: ['New', 'Remanufactured', 'Used'] },
      { type: 'radio', label_text: 'Urgency', required: true, options: ['This week', 'This month', 'No rush'] },
      {
        type: 'checkbox',
        label_text: 'Contact me by',
        required: true,
        options: ['Email', 'Phone', 'Text message'],
      },
      { type: 'date', label_text: 'Needed by', required: true },
      { type: 'time', label_text: 'Best time to call', required: false },
      { type: 'datetime', label_text: 'Pickup date and time', required: false },
      { type: 'textarea', label_text: 'Part description', required: true },
    ],
  },
  {
    slug: 'newsletter',
    name: 'Newsletter',
    form_data: {
      heading_text: 'Deals by Email',
      require_captcha: 0,
      submit_button_text: 'Sign Up',
      redirect_on_submit: 1,
      redirect_url: '/product/catalog',
      label_position: 'left',
    },
    fields: [
      { type: 'email', label_text: 'Email', placeholder_text: 'you@example.com', required: true },
      { type: 'checkbox', label_text: 'I agree to receive emails', required: true },
    ],
  },
];

export async function seedForms(db: Kysely<DB>): Promise<void> {
  for (const f of DEMO_FORMS) {
    const { form_id } = await db
      .insertInto('custom_forms')
      .values({ slug: f.slug, name: f.name, form_data: JSON.stringify(f.form_data) })
      .returning('form_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('custom_form_fields')
      .values(
        f.fields.map((x, i) => ({
          form_id,
          type: x.type,
          label_text: x.label_text,
          placeholder_text: x.placeholder_text ?? '',
          required: x.required ?? false,
          options: JSON.stringify(x.options ?? []),
          sort_index: i,
        })),
      )
      .execute();
  }
}
