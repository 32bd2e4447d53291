/**
 * The kiosk's cart: the lines a walk-in customer picked, kept on the device (localStorage) so it
 * works offline, and sent whole with Submit to Buy (`kiosk.submitOrder`, src/domain/mutations/kiosk.ts).
 * Prices here are the device catalog's, shown until the server prices the order from its own
 * catalog (docs/decisions/storefront.md "Kiosk"). The Reset empties it.
 */
import { useSyncExternalStore } from 'react';
import type { CatalogProduct } from '../../contracts/catalog-product';
import { decimal, moneyString } from '../../domain/money';
import type { LineOption } from '../../domain/mutations/records';

/** A picked line: the catalog product with the line's id, options and quantity. */
export interface KioskLine extends CatalogProduct {
  line_id: string;
  options: LineOption[];
  quantity: number;
}

const KEY = 'partsdesk.kiosk.cart';
const EVENT = 'partsdesk:kiosk-cart';
const MAX_QUANTITY = 10000;

let cached: KioskLine[] | null = null;

function read(): KioskLine[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as KioskLine[]) : [];
  } catch {
    return [];
  }
}

function write(lines: KioskLine[]): void {
  cached = lines;
  try {
    if (lines.length) localStorage.setItem(KEY, JSON.stringify(lines));
    else localStorage.removeItem(KEY);
  } catch {
    // storage refused: the cart lives in memory until the page closes
  }
  window.dispatchEvent(new Event(EVENT));
}

export const kioskCartLines = (): KioskLine[] => (cached ??= read());

const sameOptions = (a: LineOption[], b: LineOption[]) => JSON.stringify(a) === JSON.stringify(b);

/** Adds the part (or more of a line holding the same part and options). */
export function addKioskLine(line: KioskLine): void {
  const lines = kioskCartLines();
  const same = lines.find((l) => l.product_id === line.product_id && sameOptions(l.options, line.options));
  if (same) {
    const quantity = Math.min(MAX_QUANTITY, same.quantity + line.quantity);
    write(lines.map((l) => (l === same ? { ...l, quantity } : l)));
  } else write([...lines, line]);
}

export function setKioskQuantity(lineId: string, quantity: number): void {
  write(
    kioskCartLines().map((l) =>
      l.line_id === lineId ? { ...l, quantity: Math.min(MAX_QUANTITY, Math.max(l.minimum, quantity)) } : l,
    ),
  );
}

export function removeKioskLine(lineId: string): void {
  write(kioskCartLines().filter((l) => l.line_id !== lineId));
}

export function clearKioskCart(): void {
  write([]);
}

/** What the device shows as the lines' total before tax (the server's totals are what the order keeps). */
export function kioskSubtotal(lines: readonly KioskLine[]): string {
  return moneyString(
    lines.reduce((sum, l) => {
      const unit = l.options.reduce((u, o) => u.plus(decimal(o.price)), decimal(l.price));
      return sum.plus(unit.times(l.quantity));
    }, decimal('0')),
  );
}

function subscribe(fn: () => void): () => void {
  const changed = () => {
    cached = null;
    fn();
  };
  window.addEventListener(EVENT, fn);
  window.addEventListener('storage', changed);
  return () => {
    window.removeEventListener(EVENT, fn);
    window.removeEventListener('storage', changed);
  };
}

export function useKioskCart(): KioskLine[] {
  return useSyncExternalStore(subscribe, kioskCartLines, () => []);
}
