/** Add History (customer admin, pos-back-office.md §5): comment; optional .jpg/.png image of 2 MB at most. */
import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES } from '../constants';
import { flag } from './messages';
import { checkNotification, notificationFields } from './notification';

export const IMAGE_TYPE_MESSAGE = 'Image must be a .jpg or .png file';
export const IMAGE_SIZE_MESSAGE = 'Image must be 2 MB or smaller';
/** Not worded by the spec (§8 "History add in customer admin: server text as toast"). */
export const HISTORY_ADDED = 'The history entry was added.';

const JPG_PNG = /\.(jpe?g|png)$/i;
const MIME = new Set(['image/jpeg', 'image/png', '']);

export const historyImageSchema = z
  .object({ name: z.string(), type: z.string().default(''), size: z.number().int().nonnegative() })
  .refine((f) => JPG_PNG.test(f.name) && MIME.has(f.type), IMAGE_TYPE_MESSAGE)
  .refine((f) => f.size <= IMAGE_UPLOAD_MAX_BYTES, IMAGE_SIZE_MESSAGE);

export const historyFormSchema = z
  .object({
    comment: z.string().default(''),
    image: historyImageSchema.nullable().default(null),
    notifyCustomer: flag.default(false),
    ...notificationFields,
  })
  .superRefine((v, ctx) => checkNotification(v, ctx, v.notifyCustomer));
export type HistoryForm = z.infer<typeof historyFormSchema>;
