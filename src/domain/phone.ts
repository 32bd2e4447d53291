/**
 * Phone format (both specs §5): optional +, 3-digit area code with optional parentheses, 3-digit
 * prefix, then 4 to 6 digits, with optional dash, space or dot separators. Input mask (###) ###-####.
 */
export const PHONE_PATTERN = /^\+?\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4,6}$/;
export const PHONE_MASK = '(###) ###-####';
export const INVALID_PHONE_MESSAGE = 'Invalid phone number format';

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** Apply the (###) ###-#### mask to whatever digits were typed so far (extra digits dropped). */
export function maskPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * A stored number as staff read it: ten digits (optionally after +1 or 1) shown in the spec's mask,
 * (512) 555-0199; anything else (an extension, a foreign number) as it was stored.
 */
export function formatPhone(stored: string): string {
  const d = stored.replace(/\D/g, '');
  const ten = d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  if (ten.length !== 10 || !isValidPhone(stored)) return stored;
  return maskPhone(ten);
}
