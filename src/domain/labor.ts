/** Labor: subtotal = rate amount x minutes / 60 x quantity, rounded to cents once per line. */
import { decimal, roundMoney, type Money } from './money';

export function laborAmount(rate: unknown, minutes: number, quantity: number): Money {
  return roundMoney(decimal(rate).times(minutes).div(60).times(quantity));
}

/** Labor for one unit of quantity (what the price tab of the labor editor edits). */
export function laborUnitAmount(rate: unknown, minutes: number): Money {
  return laborAmount(rate, minutes, 1);
}

/** "1 hr 30 min", "2 hrs", "45 min", "0 min". */
export function formatLaborTime(totalMinutes: number): string {
  const m = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(m / 60);
  const minutes = m % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? 'hr' : 'hrs'}`);
  if (minutes > 0 || hours === 0) parts.push(`${minutes} min`);
  return parts.join(' ');
}
