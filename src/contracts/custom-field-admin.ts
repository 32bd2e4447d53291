/**
 * Defining the shop's custom fields (pos-back-office.md §3 "Custom field: custom_field_id, name,
 * type (select, radio, checkbox, text, textarea, date, time, datetime), location (account or
 * address), values (custom_field_value_id, name)"; the spec shows no screen for it:
 * docs/decisions/pos.md "Custom fields settings"). Admins only:
 * - GET /api/custom_field: every field, enabled or not, with its choices;
 * - POST /api/custom_field/save: a new field (no custom_field_id) or an edit of one. The type and
 *   location are fixed once saved (a customer's answers are stored in that shape), choices are
 *   renamed, re-ordered or added but never removed (answers name them by id); a field is switched
 *   off with `status: false` (its answers are kept, forms stop showing it).
 * The same schema checks the screen's form and the server's body.
 */
import { z } from 'zod';
import { customFieldLocations, customFieldTypes, type CustomFieldType } from '../domain/forms/custom-fields';
import { requiredText } from '../domain/forms/messages';

export const CUSTOM_FIELD_SAVED = 'Success: custom field saved.';
export const CUSTOM_FIELD_NOT_FOUND = 'The custom field could not be found.';
export const CHOICE_NOT_FOUND = 'One of the choices is not one of this field.';
export const CHOICES_REQUIRED = 'Add at least one choice.';
export const CHOICES_NOT_ALLOWED = 'Only select, radio and checkbox fields have choices.';
export const CHOICE_REMOVED = 'A saved choice cannot be removed: rename it, or disable the field and add a new one.';
export const FIXED_SHAPE = 'The type and location cannot change once saved: disable the field and add a new one.';
export const DUPLICATE_CHOICE = 'Each choice needs a different name.';
export const TOO_MANY_FIELDS = 'A shop may define at most 100 custom fields.';
export const TYPE_MESSAGE = 'Choose a type';
export const LOCATION_MESSAGE = 'Choose account or address';
export const SORT_MESSAGE = 'Sort order must be a whole number from 0 to 9999.';
export const MAX_CUSTOM_FIELDS = 100;
export const MAX_CHOICES = 50;

/** Types whose answer is one or more choices. */
export const choiceTypes: readonly CustomFieldType[] = ['select', 'radio', 'checkbox'];
export const hasChoices = (t: string): boolean => (choiceTypes as readonly string[]).includes(t);

const id = z.number().int().min(1).max(2_147_483_647);
const sortOrder = z.coerce
  .number({ error: SORT_MESSAGE })
  .int(SORT_MESSAGE)
  .min(0, SORT_MESSAGE)
  .max(9999, SORT_MESSAGE)
  .default(0);

export const customFieldChoiceSchema = z.object({
  /** Absent for a new choice. */
  custom_field_value_id: id.optional(),
  name: requiredText(1, 128),
  sort_order: sortOrder,
});

export const customFieldSaveSchema = z
  .object({
    /** Absent for a new field. */
    custom_field_id: id.optional(),
    name: requiredText(1, 128),
    type: z.enum(customFieldTypes, { error: TYPE_MESSAGE }),
    location: z.enum(customFieldLocations, { error: LOCATION_MESSAGE }),
    required: z.boolean().default(false),
    status: z.boolean().default(true),
    sort_order: sortOrder,
    values: z.array(customFieldChoiceSchema).max(MAX_CHOICES, `At most ${MAX_CHOICES} choices`).default([]),
  })
  .superRefine((f, ctx) => {
    if (hasChoices(f.type) && f.values.length === 0)
      ctx.addIssue({ code: 'custom', path: ['values'], message: CHOICES_REQUIRED });
    if (!hasChoices(f.type) && f.values.length > 0)
      ctx.addIssue({ code: 'custom', path: ['values'], message: CHOICES_NOT_ALLOWED });
    const names = f.values.map((v) => v.name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['values'], message: DUPLICATE_CHOICE });
  });
export type CustomFieldSave = z.infer<typeof customFieldSaveSchema>;
export type CustomFieldSaveInput = z.input<typeof customFieldSaveSchema>;

export const adminCustomFieldSchema = z.object({
  custom_field_id: z.number().int(),
  name: z.string(),
  type: z.enum(customFieldTypes),
  location: z.enum(customFieldLocations),
  required: z.boolean(),
  status: z.boolean(),
  sort_order: z.number().int(),
  values: z.array(
    z.object({ custom_field_value_id: z.number().int(), name: z.string(), sort_order: z.number().int() }),
  ),
});
export type AdminCustomField = z.infer<typeof adminCustomFieldSchema>;

export const customFieldListReplySchema = z.object({ custom_fields: z.array(adminCustomFieldSchema) });
export type CustomFieldListReply = z.infer<typeof customFieldListReplySchema>;

export const customFieldSaveReplySchema = z.object({ success: z.string(), custom_field: adminCustomFieldSchema });
export type CustomFieldSaveReply = z.infer<typeof customFieldSaveReplySchema>;
