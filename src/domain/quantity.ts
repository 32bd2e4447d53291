/**
 * Quantities: the quantity input (number, min, max, messages), the 1..10 / "10+" selector, and
 * distributor order quantities clamped to the chosen warehouse.
 */
export const DEFAULT_MIN_QUANTITY = 1;
export const DEFAULT_MAX_QUANTITY = 10000;
export const NOT_A_NUMBER_MESSAGE = 'A number must be input';
export const minQuantityMessage = (min: number): string => `Minimum quantity is ${min}`;
export const maxQuantityMessage = (max: number): string => `Maximum quantity is ${max}`;

export interface QuantityResult {
  /** The quantity to use (always within min..max). */
  value: number;
  /** Message to show, or null. */
  error: string | null;
}

function toNumber(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input === 'string') {
    const s = input.trim();
    if (s === '') return 0;
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : null;
  }
  if (input === null || input === undefined) return 0;
  return null;
}

/**
 * Normalise a typed quantity. Empty or zero falls back to the minimum silently; non-numbers give
 * "A number must be input"; below/above the bounds are set to them with the spec's message.
 */
export function normalizeQuantity(input: unknown, opts: { min?: number; max?: number } = {}): QuantityResult {
  const min = Math.max(1, Math.floor(opts.min ?? DEFAULT_MIN_QUANTITY));
  const max = Math.max(min, Math.floor(opts.max ?? DEFAULT_MAX_QUANTITY));
  const n = toNumber(input);
  if (n === null) return { value: min, error: NOT_A_NUMBER_MESSAGE };
  if (n === 0) return { value: min, error: null };
  const whole = Math.floor(n);
  if (whole < min) return { value: min, error: minQuantityMessage(min) };
  if (whole > max) return { value: max, error: maxQuantityMessage(max) };
  return { value: whole, error: null };
}

export interface SelectorOption {
  value: number;
  label: string;
}

/** Selector options 1..10, with 10 labelled "10+". */
export const quantitySelectorOptions: readonly SelectorOption[] = Array.from({ length: 10 }, (_, i) => ({
  value: i + 1,
  label: i + 1 === 10 ? '10+' : String(i + 1),
}));

/** Choosing 10+ (or holding 10 or more) switches to the free numeric input. */
export function quantitySelectorMode(quantity: number): 'select' | 'input' {
  return quantity >= 10 ? 'input' : 'select';
}

export interface DistributorStock {
  /** Inventory of the chosen warehouse, or null when none is chosen. */
  warehouseInventory: number | null;
  totalInventory: number;
  storeInventory: number;
}

/** Most that may be ordered: the chosen warehouse's inventory, else total minus store stock. */
export function distributorMax(stock: DistributorStock): number {
  const max = stock.warehouseInventory ?? stock.totalInventory - stock.storeInventory;
  return Math.max(0, Math.floor(max));
}

/** Distributor quantity: integer >= 0; negative or invalid becomes 0; clamped down to the max. */
export function clampDistributorQuantity(input: unknown, stock: DistributorStock): number {
  const n = toNumber(input);
  if (n === null || n < 0) return 0;
  return Math.min(Math.floor(n), distributorMax(stock));
}
