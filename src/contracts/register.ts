import { z } from 'zod';
import { emailField, maxChars, minChars, phoneField, requiredText } from '../domain/forms/messages';

/**
 * POST /api/account/register — a shopper creates an account and is signed in (reply: SessionReply).
 * Names 2–32 and password 4–20 as the customer form (pos-back-office.md §5); email is required here
 * because it is the shopper's login.
 */
export const registerRequestSchema = z.object({
  firstname: requiredText(2, 32),
  lastname: requiredText(2, 32),
  email: emailField(true),
  telephone: phoneField(false).default(''),
  password: z.string().min(4, minChars(4)).max(20, maxChars(20)),
  newsletter: z.boolean().default(false),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** Shown on the email field when an account already uses it. */
export const EMAIL_TAKEN = 'An account with this email already exists. Log in instead.';
