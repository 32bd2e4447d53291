/**
 * Shared form messages. The spec gives "Minimum {n} characters", "Maximum {n} characters",
 * "Required", "Invalid email" and "Invalid phone number format"; where a form's own wording is
 * "not shown" we reuse these (docs/decisions/domain.md "Domain rules (src/domain)").
 */
import { z } from 'zod';
import { INVALID_PHONE_MESSAGE, PHONE_PATTERN } from '../phone';

export const REQUIRED = 'Required';
export const INVALID_EMAIL = 'Invalid email';
export const minChars = (n: number): string => `Minimum ${n} characters`;
export const maxChars = (n: number): string => `Maximum ${n} characters`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (s: string): boolean => EMAIL.test(s.trim());

/** Required text with length bounds; an empty field says only "Required". */
export function requiredText(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(max, maxChars(max))
    .refine((s) => s === '' || s.length >= min, minChars(min));
}

/** Text that may be empty; when filled it must respect the bounds. */
export function optionalText(min: number, max: number) {
  return z
    .string()
    .trim()
    .max(max, maxChars(max))
    .refine((s) => s === '' || s.length >= min, minChars(min));
}

/** Email, required or optional (empty allowed), always valid when filled. */
export function emailField(required: boolean) {
  return z
    .string()
    .trim()
    .refine((s) => !required || s !== '', REQUIRED)
    .refine((s) => s === '' || isEmail(s), INVALID_EMAIL);
}

/** Telephone matching the phone format, required or optional. */
export function phoneField(required: boolean) {
  return z
    .string()
    .trim()
    .refine((s) => !required || s !== '', REQUIRED)
    .refine((s) => s === '' || PHONE_PATTERN.test(s), INVALID_PHONE_MESSAGE);
}

/** Form values arrive as strings or numbers; 0/1 flags as either. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1');
