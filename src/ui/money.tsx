import { formatMoney } from './format-money';

export interface MoneyProps {
  /** Decimal string from the wire, e.g. "1234.50". */
  amount: string;
  className?: string;
}

/** Displays a wire amount as USD ("$1,234.50"). A malformed amount shows as-is rather than $NaN. */
export function Money({ amount, className }: MoneyProps) {
  return <span className={className}>{formatMoney(amount) ?? amount}</span>;
}
