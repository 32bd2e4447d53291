/**
 * Cart edits on an editable order (the POS cart is the draft order): add product, custom product,
 * labor and gift certificate lines, change quantity, price and labor, remove a line. Totals are
 * recomputed after every edit.
 */
import { ORDER_LINE_CAP, orderLineCapMessage } from '../constants';
import { customProductFormSchema } from '../forms/custom-product';
import { decimal, moneyString } from '../money';
import { validatePriceInput } from '../pricing';
import { normalizeQuantity } from '../quantity';
import { refuse } from '../refusal';
import { computeTotals, lineTotal } from '../totals';
import { GIFT_CODE_IN_CART, normaliseGiftCode } from '../forms/gift-certificate';
import type { MutationArgs } from './catalogue';
import { parseOrRefuse } from './first-issue';
import { assertEditable, isRefusal, LINE_NOT_FOUND, requireOrder, withTotals } from './guards';
import type { CoreReturnLine, LineOption, OrderLine, ProductLine } from './records';
import { applied, type Mutator, type MutatorContext, type MutatorResult, type MutatorState } from './types';

/** A part the shop does not sell (products.is_orderable off): the server refuses its add, the POS says so before. */
export const PRODUCT_NOT_ORDERABLE = 'This product cannot be ordered.';

/**
 * The spec's line item rule ("price positive number", pos-back-office.md §"Line item schema", the
 * custom product's message): no line may total below $0.00, nor carry a negative surcharge, however
 * its figures were reached (catalog options that subtract, a device's args).
 */
export const LINE_PRICE_MESSAGE = 'Price must be a positive number.';

const negativeLine = (l: OrderLine): boolean =>
  l.kind === 'core_return'
    ? decimal(l.surcharge).lte(0)
    : lineTotal(l).lt(0) || (l.kind === 'product' && decimal(l.surcharge).lt(0));

/** Core returns on one line: 1 to CORE_RETURN_MAX old parts (docs/decisions/domain.md "Core charges"). */
export const CORE_RETURN_MAX = 99;
export const CORE_RETURN_QUANTITY = `Core return quantity must be between 1 and ${CORE_RETURN_MAX}.`;
export const NO_CORE_CHARGE = 'This part has no core charge, so there is no core to return.';
/** A core return line's name: the receipt's roll shows only the name, so it says what the line is. */
export const coreReturnName = (productName: string): string => `Core Return: ${productName}`.slice(0, 255);
export const CORE_RETURN_ABOVE_TOTAL = 'A core return cannot bring the order total below $0.00.';

/**
 * A core return is credited against the sale it is on: an order holding one may not total below
 * $0.00 (before card surcharges) after any edit, so removing the part it came back with, or
 * lowering its quantity, is refused until the core return is changed first. Orders without a core
 * return are never checked (they cannot go below $0.00: no other line is negative).
 */
function creditExceedsOrder(
  order: { lines: OrderLine[]; tax_exempt: boolean; location_id?: number | null },
  ctx: MutatorContext,
): boolean {
  if (!order.lines.some((l) => l.kind === 'core_return')) return false;
  const t = computeTotals(
    {
      lines: order.lines,
      transactions: [],
      taxExempt: order.tax_exempt,
      taxExemptNumber: null,
      locationId: order.location_id ?? null,
    },
    ctx.settings,
  );
  // Before tax too, so a later tax exemption cannot take the order below $0.00 either.
  return t.orderTotal.lt(0) || t.parts.plus(t.surcharge).plus(t.labor).lt(0);
}

/** Load the editable order, apply `edit` to its lines, recompute totals; a changed line may not go below $0.00. */
function editLines(
  state: MutatorState,
  orderRef: string,
  ctx: MutatorContext,
  edit: (lines: OrderLine[]) => OrderLine[] | MutatorResult,
): MutatorResult {
  const order = requireOrder(state.order, orderRef);
  if (isRefusal(order)) return order;
  const locked = assertEditable(order);
  if (locked) return locked;
  const lines = edit(order.lines);
  if (!Array.isArray(lines)) return lines;
  if (lines.some((l) => !order.lines.includes(l) && negativeLine(l))) return refuse('invalid_args', LINE_PRICE_MESSAGE);
  if (creditExceedsOrder({ lines, tax_exempt: order.tax_exempt, location_id: order.location_id }, ctx))
    return refuse('invalid_args', CORE_RETURN_ABOVE_TOTAL);
  return applied({ order: withTotals({ ...order, lines }, state.transactions ?? [], ctx.settings, ctx.now) });
}

function addLine(lines: OrderLine[], line: OrderLine): OrderLine[] | MutatorResult {
  if (lines.some((l) => l.id === line.id)) return refuse('duplicate_id', 'This item is already on the order.');
  // Raising a line's quantity (an add that merges) is not a new line: only adds count.
  if (lines.length >= ORDER_LINE_CAP) return refuse('order_line_cap', orderLineCapMessage());
  return [...lines, line];
}

function updateLine(
  lines: OrderLine[],
  lineId: string,
  fn: (l: OrderLine) => OrderLine | MutatorResult,
): OrderLine[] | MutatorResult {
  const i = lines.findIndex((l) => l.id === lineId);
  const line = lines[i];
  if (line === undefined) return refuse('line_not_found', LINE_NOT_FOUND);
  const next = fn(line);
  if ('ok' in next) return next;
  return lines.map((l, j) => (j === i ? next : l));
}

const sameOptions = (a: readonly LineOption[], b: readonly LineOption[]): boolean =>
  a.length === b.length && a.every((o, i) => o.name === b[i]?.name && o.value === b[i]?.value);

/**
 * The line an add of this product with these options raises instead of adding one: the same
 * product and options with no staff price. Callers that act on the line after an add (its
 * installation labor) find it with this too.
 */
export const mergeTarget = (
  lines: readonly OrderLine[],
  productId: number,
  options: readonly LineOption[],
): ProductLine | undefined =>
  lines.find(
    (l): l is ProductLine =>
      l.kind === 'product' &&
      l.product_id === productId &&
      l.price_override === null &&
      sameOptions(l.options, options),
  );

/** Adding a product already on the order with the same options (and no price override) raises its quantity. */
export const addProduct: Mutator<MutationArgs<'cart.addProduct'>> = (state, args, ctx) =>
  editLines(state, args.order_ref, ctx, (lines) => {
    const max = ctx.settings.maxQuantity;
    const same = mergeTarget(lines, args.product_id, args.options);
    if (same) {
      const quantity = normalizeQuantity(same.quantity + args.quantity, { min: same.minimum, max }).value;
      return lines.map((l) => (l === same ? { ...same, quantity } : l));
    }
    return addLine(lines, {
      kind: 'product',
      id: args.line_id,
      product_id: args.product_id,
      name: args.name,
      model: args.model,
      mpn: args.mpn,
      aaia: args.aaia,
      price: args.price,
      options: args.options,
      price_override: null,
      surcharge: args.surcharge,
      tax_class_id: args.tax_class_id,
      minimum: args.minimum,
      quantity: normalizeQuantity(args.quantity, { min: args.minimum, max }).value,
      po_number: null,
    });
  });

/**
 * The old part of a product with a core charge brought back (docs/decisions/domain.md "Core
 * charges"): a line crediting the core charge x quantity off the Surcharge row. A second return of
 * the same product raises the line's quantity. The core charge is the catalog's (the server
 * re-stamps it); a product without one has no core to return.
 */
export const addCoreReturn: Mutator<MutationArgs<'cart.addCoreReturn'>> = (state, args, ctx) =>
  editLines(state, args.order_ref, ctx, (lines) => {
    if (decimal(args.surcharge).lte(0)) return refuse('invalid_args', NO_CORE_CHARGE);
    const outOfRange = (q: number): boolean => !Number.isInteger(q) || q < 1 || q > CORE_RETURN_MAX;
    if (outOfRange(args.quantity)) return refuse('invalid_args', CORE_RETURN_QUANTITY);
    const same = lines.find((l): l is CoreReturnLine => l.kind === 'core_return' && l.product_id === args.product_id);
    if (same) {
      const quantity = same.quantity + args.quantity;
      if (outOfRange(quantity)) return refuse('invalid_args', CORE_RETURN_QUANTITY);
      return lines.map((l) => (l === same ? { ...same, quantity, surcharge: args.surcharge } : l));
    }
    return addLine(lines, {
      kind: 'core_return',
      id: args.line_id,
      product_id: args.product_id,
      name: coreReturnName(args.name),
      mpn: args.mpn,
      aaia: args.aaia,
      surcharge: args.surcharge,
      tax_class_id: args.tax_class_id,
      quantity: args.quantity,
      po_number: null,
    });
  });

export const addCustomProduct: Mutator<MutationArgs<'cart.addCustomProduct'>> = (state, args, ctx) =>
  editLines(state, args.order_ref, ctx, (lines) => {
    const form = parseOrRefuse(customProductFormSchema, args);
    if (!form.ok) return form;
    const { name, price, quantity, tax_class_id } = form.value;
    return addLine(lines, { kind: 'custom', id: args.line_id, name, price, quantity, tax_class_id, po_number: null });
  });

export const addLabor: Mutator<MutationArgs<'cart.addLabor'>> = (state, args, ctx) =>
  editLines(state, args.order_ref, ctx, (lines) => {
    if (args.product_line_id !== null && !lines.some((l) => l.id === args.product_line_id)) {
      return refuse('line_not_found', LINE_NOT_FOUND);
    }
    return addLine(lines, {
      kind: 'labor',
      id: args.line_id,
      labor_id: args.labor_id,
      name: args.name,
      rate: args.rate,
      minutes: args.minutes,
      quantity: args.quantity,
      price_override: null,
      product_line_id: args.product_line_id,
      po_number: null,
    });
  });

/** The labor editor's two tabs: adjust time (minutes) or adjust price (per unit override; null clears it). */
export const updateLabor: Mutator<MutationArgs<'cart.updateLabor'>> = (state, args, ctx) =>
  editLines(state, args.order_ref, ctx, (lines) =>
    updateLine(lines, args.line_id, (l) => {
      if (l.kind !== 'labor') return refuse('line_not_found', LINE_NOT_FOUND);
      if (args.price_override != null && validatePriceInput(args.price_override) !== null) {
        return refuse('invalid_args', validatePriceInput(args.price_override) ?? '');
      }
      return {
        ...l,
        minutes: args.minutes ?? l.minutes,
        quantity: args.quantity ?? l.quantity,
        price_override: args.price_override === undefined ? l.price_override : args.price_override,
      };
    }),
  );

/** Quantity: empty or zero falls back to the minimum; above the maximum clamps to it. */
export const setQuantity: Mutator<MutationArgs<'cart.setQuantity'>> = (state, args, ctx) =>
  editLines(state, args.order_ref, ctx, (lines) =>
    updateLine(lines, args.line_id, (l) => {
      if (l.kind === 'voucher') return l;
      const min = l.kind === 'product' ? l.minimum : 1;
      const max = l.kind === 'core_return' ? CORE_RETURN_MAX : ctx.settings.maxQuantity;
      return { ...l, quantity: normalizeQuantity(args.quantity, { min, max }).value };
    }),
  );

/** Staff unit price: an override on products and labor; the price itself on custom products. */
export const updatePrice: Mutator<MutationArgs<'cart.updatePrice'>> = (state, args, ctx) =>
  editLines(state, args.order_ref, ctx, (lines) => {
    const invalid = validatePriceInput(args.new_price);
    if (invalid !== null) return refuse('invalid_args', invalid);
    const price = moneyString(args.new_price);
    return updateLine(lines, args.line_id, (l) => {
      switch (l.kind) {
        case 'product':
        case 'labor':
          return { ...l, price_override: price };
        case 'custom':
          return { ...l, price };
        case 'voucher':
        case 'core_return':
          return refuse('invalid_args', "The unit price couldn't be updated.");
      }
    });
  });

/** Remove a line; labor applied to a removed product goes with it. */
export const removeLine: Mutator<MutationArgs<'cart.removeLine'>> = (state, args, ctx) =>
  editLines(state, args.order_ref, ctx, (lines) => {
    if (!lines.some((l) => l.id === args.line_id)) return refuse('line_not_found', LINE_NOT_FOUND);
    return lines.filter((l) => l.id !== args.line_id && !(l.kind === 'labor' && l.product_line_id === args.line_id));
  });

/** Sell a gift certificate: a row with quantity x1. */
export const addVoucher: Mutator<MutationArgs<'cart.addVoucher'>> = (state, args, ctx) =>
  editLines(state, args.order_ref, ctx, (lines) => {
    if (moneyString(args.amount) === '0.00' || args.amount.startsWith('-'))
      return refuse('amount_not_positive', 'Amount must be more than $0.00');
    const code = normaliseGiftCode(args.code);
    if (lines.some((l) => l.kind === 'voucher' && normaliseGiftCode(l.code) === code))
      return refuse('invalid_args', GIFT_CODE_IN_CART);
    const recipient = args.to_name || args.to_email ? { to_name: args.to_name, to_email: args.to_email } : {};
    return addLine(lines, {
      ...recipient,
      kind: 'voucher',
      id: args.line_id,
      name: args.description || `Gift Certificate ${args.code}`,
      quantity: 1,
      po_number: null,
      code: args.code,
      description: args.description,
      message: args.message,
      voucher_theme: args.voucher_theme,
      amount: args.amount,
      original_amount: args.amount,
    });
  });
