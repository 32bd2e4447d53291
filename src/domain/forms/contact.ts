/** Contact Us (storefront §5): Name, Email, Phone Number, Location, Message required. */
import { z } from 'zod';
import { emailField, REQUIRED } from './messages';

export const CAPTCHA_FAILED = 'An error occurred while validating the captcha';

export const contactFormSchema = z.object({
  pcName: z.string().trim().min(1, REQUIRED),
  pcEmail: emailField(true),
  pcPhone: z.string().trim().min(1, REQUIRED),
  pcLocation: z.string().trim().min(1, REQUIRED),
  pcLocationEmail: z.string().trim().default(''),
  pcMessage: z.string().trim().min(1, REQUIRED),
  captchaInput: z.string().trim().default(''),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/** Only the first of a comma-separated store email list is kept. */
export function firstEmail(list: string): string {
  return (list.split(',')[0] ?? '').trim();
}
