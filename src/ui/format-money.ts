/**
 * Money arrives on the wire as a decimal string ("1234.50"). It is formatted from that string,
 * never through a float: Intl.NumberFormat formats numeric strings as exact decimals
 * (ECMA-402 NumberFormat v3), so "12345678901234567.89" keeps every digit.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/** "1234.5" -> "$1,234.50"; "-3.00" -> "-$3.00"; anything that is not a decimal string -> null. */
export function formatMoney(amount: string): string | null {
  const trimmed = amount.trim();
  if (!DECIMAL.test(trimmed)) return null;
  return usd.format(trimmed as `${number}`);
}
