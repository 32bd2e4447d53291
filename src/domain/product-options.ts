/**
 * A product's options as a sale line carries them: the catalog's option definitions and values
 * (product_options, product_option_values), the choice made on the product page or the POS cart
 * (product_option_id -> value id, value ids for a checkbox, or text), and the line options that
 * come out, each priced from the catalog (price_prefix '-' subtracts). One rule for the server's
 * cart calls and sync push (which re-price every option from SQL) and the device (which shows the
 * line while offline from its synced copy of the same tables).
 */
import { decimal, toWire } from './money';
import type { LineOption } from './mutations/records';

export type OptionType = 'select' | 'radio' | 'checkbox' | 'text';

export interface OptionDef {
  product_option_id: number;
  name: string;
  type: OptionType;
  required: boolean;
  sort_order: number;
}

export interface OptionValueDef {
  product_option_value_id: number;
  product_option_id: number;
  name: string;
  /** Unsigned amount; `price_prefix` '-' subtracts it. */
  price: string;
  price_prefix: '+' | '-';
  sort_order: number;
}

/** product_option_id -> value id (select, radio), value ids (checkbox) or the text (text). */
export type OptionChoice = Readonly<Record<string, string | number | readonly (string | number)[]>>;

/** "{Option} required!" when a required option is missing (the product page shows the same words). */
export const optionRequired = (name: string): string => `${name} required!`;
export const OPTION_INVALID = 'Choose one of the listed options.';

export type ResolvedOptions = { ok: true; options: LineOption[] } | { ok: false; field: string; message: string };

const asList = (v: OptionChoice[string] | undefined): string[] =>
  v === undefined
    ? []
    : (Array.isArray(v) ? (v as readonly (string | number)[]) : [v as string | number])
        .map((x) => String(x).trim())
        .filter((x) => x !== '');

const bySort =
  <T extends { sort_order: number }>(id: (t: T) => number) =>
  (a: T, b: T) =>
    a.sort_order - b.sort_order || id(a) - id(b);

/**
 * The chosen options as line options, in the product's option order, priced from `values`; a
 * missing required option or a choice the catalog does not list is refused with its field.
 */
export function resolveOptions(
  defs: readonly OptionDef[],
  values: readonly OptionValueDef[],
  chosen: OptionChoice,
): ResolvedOptions {
  const known = new Set(defs.map((d) => String(d.product_option_id)));
  const unknown = Object.keys(chosen).find((k) => !known.has(k) && asList(chosen[k]).length > 0);
  if (unknown !== undefined) return { ok: false, field: `option.${unknown}`, message: OPTION_INVALID };
  const out: LineOption[] = [];
  for (const d of [...defs].sort(bySort((o: OptionDef) => o.product_option_id))) {
    const picked = asList(chosen[String(d.product_option_id)]);
    const field = `option.${d.product_option_id}`;
    if (picked.length === 0) {
      if (d.required) return { ok: false, field, message: optionRequired(d.name) };
      continue;
    }
    if (d.type === 'text') {
      out.push({
        name: d.name,
        value: picked.join(', ').slice(0, 255),
        price: '0.00',
        product_option_id: d.product_option_id,
        product_option_value_id: null,
      });
      continue;
    }
    if (d.type !== 'checkbox' && picked.length > 1) return { ok: false, field, message: OPTION_INVALID };
    for (const id of picked) {
      const v = values.find(
        (x) => x.product_option_id === d.product_option_id && String(x.product_option_value_id) === id,
      );
      if (!v) return { ok: false, field, message: OPTION_INVALID };
      const amount = decimal(v.price);
      out.push({
        name: d.name,
        value: v.name,
        price: toWire(v.price_prefix === '-' ? amount.neg() : amount),
        product_option_id: d.product_option_id,
        product_option_value_id: v.product_option_value_id,
      });
    }
  }
  return { ok: true, options: out };
}

/**
 * The choice a line's options stand for (the ids they carry), so the server can price them again
 * from its catalog; null when an option carries no option id (a device cannot name a price).
 */
export function choiceOfLineOptions(options: readonly LineOption[]): Record<string, string[]> | null {
  const choice: Record<string, string[]> = {};
  for (const o of options) {
    if (o.product_option_id === undefined) return null;
    const value =
      o.product_option_value_id === null || o.product_option_value_id === undefined
        ? o.value
        : String(o.product_option_value_id);
    (choice[String(o.product_option_id)] ??= []).push(value);
  }
  return choice;
}

/** The values of one option, in display order. */
export function valuesOf(values: readonly OptionValueDef[], optionId: number): OptionValueDef[] {
  return values
    .filter((v) => v.product_option_id === optionId)
    .sort(bySort((v: OptionValueDef) => v.product_option_value_id));
}
