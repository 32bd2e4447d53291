/**
 * Notification form (pos-back-office.md §5): email required and valid when notify by email is on;
 * phone required and in the phone format when notify by text is on; without texting consent the
 * override must be ticked. The consent message is spelled exactly as the spec spells it.
 */
import { z } from 'zod';
import { INVALID_PHONE_MESSAGE, PHONE_PATTERN } from '../phone';
import { flag, INVALID_EMAIL, isEmail, REQUIRED } from './messages';

export const TEXT_CONSENT_MESSAGE = "Customer doesn't constent to text messages";
export const TEXT_OVERRIDE_LABEL = 'The customer does NOT consent to receiving text messages. Send anyway?';
export const NOTIFICATION_SEND_FAILED = 'Failed to send to notification';
/** Not in the spec: a send with neither email nor text ticked. */
export const CHOOSE_CHANNEL = 'Select email or text to send it.';

export const notificationFields = {
  notifyByEmail: flag.default(false),
  email: z.string().trim().default(''),
  notifyByText: flag.default(false),
  phone: z.string().trim().default(''),
  textingAlerts: flag.default(false),
  overrideTextPermission: flag.default(false),
};

interface NotificationValues {
  notifyByEmail: boolean;
  email: string;
  notifyByText: boolean;
  phone: string;
  textingAlerts: boolean;
  overrideTextPermission: boolean;
}

/** Add the notification rules to ctx; `active` = false skips them (notify customer off). */
export function checkNotification(v: NotificationValues, ctx: z.RefinementCtx, active = true): void {
  if (!active) return;
  if (v.notifyByEmail) {
    if (v.email === '') ctx.addIssue({ code: 'custom', path: ['email'], message: REQUIRED });
    else if (!isEmail(v.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: INVALID_EMAIL });
  }
  if (v.notifyByText) {
    if (v.phone === '') ctx.addIssue({ code: 'custom', path: ['phone'], message: REQUIRED });
    else if (!PHONE_PATTERN.test(v.phone))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: INVALID_PHONE_MESSAGE });
    if (!v.textingAlerts && !v.overrideTextPermission) {
      ctx.addIssue({ code: 'custom', path: ['overrideTextPermission'], message: TEXT_CONSENT_MESSAGE });
    }
  }
}

export const notificationFormSchema = z.object(notificationFields).superRefine((v, ctx) => checkNotification(v, ctx));
export type NotificationForm = z.infer<typeof notificationFormSchema>;
