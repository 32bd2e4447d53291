/** How the custom field types and locations read on the settings screen. */
import type { CustomFieldLocation, CustomFieldType } from '../../domain/forms/custom-fields';

export const TYPE_LABEL: Record<CustomFieldType, string> = {
  select: 'Select',
  radio: 'Radio',
  checkbox: 'Checkbox',
  text: 'Text',
  textarea: 'Textarea',
  date: 'Date',
  time: 'Time',
  datetime: 'Date & Time',
};

export const LOCATION_LABEL: Record<CustomFieldLocation, string> = { account: 'Account', address: 'Address' };
