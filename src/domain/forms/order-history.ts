/**
 * Order history form (pos-back-office.md §3, §5): status, comment and, when notify customer is on,
 * the notification fields and their rules.
 */
import { z } from 'zod';
import { flag } from './messages';
import { checkNotification, notificationFields } from './notification';

export const ORDER_HISTORY_FAILED = 'Failed to add order history';
export const SELECT_STATUS_MESSAGE = 'Please select a status';

export const orderHistoryFormSchema = z
  .object({
    orderStatusId: z.coerce.number().int().positive(SELECT_STATUS_MESSAGE),
    notifyCustomer: flag.default(false),
    comment: z.string().default(''),
    ...notificationFields,
  })
  .superRefine((v, ctx) => checkNotification(v, ctx, v.notifyCustomer));
export type OrderHistoryForm = z.infer<typeof orderHistoryFormSchema>;
