import { z } from 'zod';
import { CAPTCHA_INPUT_MAX, CAPTCHA_MISMATCH, CAPTCHA_NEEDED } from '../domain/forms/captcha';
import { contactFormSchema } from '../domain/forms/contact';
import { phoneField, REQUIRED } from '../domain/forms/messages';

/**
 * The Contact Us modal's calls (storefront.md §7 "Product page"), all under
 * index.php?route=product/product/...: getLocations, validateCaptcha, productContactEmail,
 * getDealerLocatorPopupText; and the captcha's challenge, index.php?route=tool/captcha.
 */
export const contactLocationsReplySchema = z.object({
  locations: z.array(
    z.object({
      location_id: z.number().int(),
      location_name: z.string(),
      address: z.string(),
      email_address: z.string(),
    }),
  ),
});
export type ContactLocationsReply = z.infer<typeof contactLocationsReplySchema>;

export const validateCaptchaRequestSchema = z.object({
  captchaInput: z.string().trim().min(1, CAPTCHA_NEEDED).max(CAPTCHA_INPUT_MAX, CAPTCHA_MISMATCH),
});
export const validateCaptchaReplySchema = z.object({ success: z.literal(true) });

/** productContactEmail: the form plus which product it is about. pcLocationEmail is ignored (see the service). */
export const productContactRequestSchema = contactFormSchema.extend({
  pcPhone: phoneField(true),
  pcName: z.string().trim().min(1, REQUIRED).max(100, 'Maximum 100 characters'),
  pcMessage: z.string().trim().min(1, REQUIRED).max(2000, 'Maximum 2000 characters'),
  product_id: z.coerce.number({ error: 'Unknown product.' }).int('Unknown product.').positive('Unknown product.'),
});
export type ProductContactRequest = z.infer<typeof productContactRequestSchema>;
/** `queued`: the mail server could not take it yet; the outbox sends it when it can (the success text says so). */
export const productContactReplySchema = z.object({ success: z.string(), queued: z.literal(true).optional() });
export type ProductContactReply = z.infer<typeof productContactReplySchema>;

export const dealerLocatorPopupTextReplySchema = z.object({
  dealer_locator_popup_text: z.string(),
  dealer_locator_popup_heading_text: z.string(),
});
