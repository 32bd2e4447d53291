/**
 * Putting a part on the sale this counter's POS Cart shows: the one device path every POS add
 * takes (the cart's part finder, scans, the catalog's product pages and listing cards), so they
 * agree and all work offline. The sale is the draft order the cart pointer names
 * (src/device/pos-cart-ref.ts), created on the first add; the part goes on it with `cart.addProduct`
 * and its installation labor with `cart.addLabor`, through the sync worker. The server re-reads
 * the part's price and prices its options from its catalog when the change is pushed
 * (server/commands/appliers/catalog-priced.ts); what the device computes here is what it shows meanwhile.
 */
import { findOrder, getCatalogProduct, lookupRows, stockOnHand, type CachedProduct } from '../../db/queries';
import type { PartsdeskDb } from '../../db/database';
import { uuidv7 } from '../../db/ids';
import { enoughStock, outOfStockText } from '../../domain/inventory';
import { mergeTarget, PRODUCT_NOT_ORDERABLE } from '../../domain/mutations/cart';
import { editableStatuses, type LineOption, type Order, type ProductLine } from '../../domain/mutations/records';
import type { RunMutation } from '../../device/use-run-mutation';
import { getCartRef, setCartRef } from '../../device/pos-cart-ref';

/** The part is not (yet) in this device's catalog copy: the first download has not reached it. */
export const NOT_ON_DEVICE = 'This part is not in the catalog on this device yet.';
export const LABOR_TYPE_MISSING = 'This labor type could not be found.';

export interface SaleDeps {
  db: PartsdeskDb;
  run: RunMutation;
  /** The signed-in staff member: the cart pointer is theirs on this device. */
  userId: string;
  /**
   * The signed-in staff member's store (the session's locationId): a new sale is rung up there and
   * taxed at its rates, as the server stamps it (server/commands/appliers/order-store.ts).
   */
  locationId: number | null;
  /** Says why a part cannot go on the sale at all (an error toast), before anything is queued. */
  refuse: (message: string) => void;
}

export interface SaleAddRequest {
  product: CachedProduct;
  quantity: number;
  /** Resolved from the catalog (src/domain/product-options.ts), carrying the option ids the server prices. */
  options: LineOption[];
  /** Add the part's installation labor (its labor type at its labor time), once per line. */
  withLabor: boolean;
}

export interface SaleAdded {
  order: Order;
  line: ProductLine;
  /** The order number in POS links: the server's number, or the uuid until the sale has synced. */
  orderNumber: string;
  /** The spec's cart stock text when the sale now holds more of the part than the stores have; else null. */
  shortOfStock: string | null;
  /** Why the installation labor was not added, when it was asked for and the device lacks its labor type. */
  laborProblem: string | null;
}

// One draft per counter: two adds tapped at once must not each create an order.
const creating = new Map<string, Promise<string | null>>();

/** The sale's order id: `current` (or the order the cart pointer names) while editable, else a new draft. */
export async function ensureSale(deps: SaleDeps, current?: Order | null): Promise<string | null> {
  const ref = current === undefined ? getCartRef(deps.userId) : null;
  const order = current === undefined ? (ref ? (await findOrder(deps.db, ref))?.order : null) : current;
  if (order && editableStatuses.includes(order.status)) return order.id;
  const inFlight = creating.get(deps.userId);
  if (inFlight) return inFlight;
  const made = (async () => {
    const id = uuidv7();
    if (!(await deps.run('order.create', { id, device_ref: null, location_id: deps.locationId }))) return null;
    setCartRef(deps.userId, id);
    return id;
  })().finally(() => creating.delete(deps.userId));
  creating.set(deps.userId, made);
  return made;
}

/** Adds the part (and its labor when asked); null when the device refused it (the refusal was toasted). */
export async function addToSale(
  deps: SaleDeps,
  req: SaleAddRequest,
  current?: Order | null,
): Promise<SaleAdded | null> {
  const { db, run } = deps;
  const p = req.product;
  if (!p.is_orderable) {
    deps.refuse(PRODUCT_NOT_ORDERABLE);
    return null;
  }
  const orderRef = await ensureSale(deps, current);
  if (!orderRef) return null;
  // The line the add lands on: the same part and options already on the sale, else a new one.
  const before = (await findOrder(db, orderRef))?.order;
  const lineId = (before && mergeTarget(before.lines, p.product_id, req.options)?.id) ?? uuidv7();
  const added = await run('cart.addProduct', {
    order_ref: orderRef,
    line_id: lineId,
    product_id: p.product_id,
    name: p.name,
    model: p.model,
    mpn: p.mpn,
    aaia: p.aaia,
    price: p.price,
    surcharge: p.surcharge,
    options: req.options,
    quantity: Math.max(req.quantity, p.minimum),
    minimum: p.minimum,
    tax_class_id: p.tax_class_id,
  });
  if (!added) return null;
  let view = await findOrder(db, orderRef);
  const line = view && findLine(view.order, lineId, p.product_id, req.options);
  if (!view || !line) return null;
  let laborProblem: string | null = null;
  if (req.withLabor) {
    laborProblem = await addInstallation(deps, view.order, line, p);
    view = (await findOrder(db, orderRef)) ?? view;
  }
  const onSale = view.order.lines.reduce(
    (n, l) => (l.kind === 'product' && l.product_id === p.product_id ? n + l.quantity : n),
    0,
  );
  const short = !enoughStock(onSale, await stockOnHand(db, p.product_id));
  return {
    order: view.order,
    line,
    orderNumber: String(view.order.order_id ?? view.order.id),
    shortOfStock: short ? outOfStockText(p.oos_text) : null,
    laborProblem,
  };
}

/** The line just added, or (an add tapped at the same moment merged it) the one it merged into. */
function findLine(order: Order, lineId: string, productId: number, options: LineOption[]): ProductLine | undefined {
  const byId = order.lines.find((l): l is ProductLine => l.kind === 'product' && l.id === lineId);
  return byId ?? mergeTarget(order.lines, productId, options);
}

/**
 * The part's installation labor linked to its line, once per line, quantity = the line's (the
 * staff cart's `apply_labor` rule, docs/decisions/pos.md "Lines, quantities, prices").
 */
async function addInstallation(
  deps: SaleDeps,
  order: Order,
  line: ProductLine,
  p: CachedProduct,
): Promise<string | null> {
  if (p.labor_id === null || p.labor_time === null || p.labor_time <= 0) return null;
  if (order.lines.some((l) => l.kind === 'labor' && l.product_line_id === line.id)) return null;
  const types = await lookupRows<{ labor_id: number; title: string; amount: string }>(deps.db, 'labor_types');
  const type = types.find((t) => Number(t.labor_id) === p.labor_id);
  if (!type) return LABOR_TYPE_MISSING;
  // A refusal is toasted by run(); the part stays on the sale.
  await deps.run('cart.addLabor', {
    order_ref: order.id,
    line_id: uuidv7(),
    labor_id: p.labor_id,
    name: type.title,
    rate: String(type.amount),
    minutes: p.labor_time,
    quantity: line.quantity,
    product_line_id: line.id,
  });
  return null;
}

/**
 * The cart stock warning of each product line (line id -> the spec's text) whose part the sale
 * holds more of than the stores have, from this device's catalog copy (the rule: src/domain/inventory.ts).
 */
export async function saleStockWarnings(db: PartsdeskDb, order: Order): Promise<Map<string, string>> {
  const onSale = new Map<number, number>();
  for (const l of order.lines)
    if (l.kind === 'product') onSale.set(l.product_id, (onSale.get(l.product_id) ?? 0) + l.quantity);
  const short = new Map<number, string>();
  for (const [productId, quantity] of onSale) {
    if (enoughStock(quantity, await stockOnHand(db, productId))) continue;
    short.set(productId, outOfStockText((await getCatalogProduct(db, productId))?.oos_text));
  }
  const warnings = new Map<string, string>();
  for (const l of order.lines) {
    const text = l.kind === 'product' ? short.get(l.product_id) : undefined;
    if (text) warnings.set(l.id, text);
  }
  return warnings;
}
