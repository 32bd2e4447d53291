/**
 * The shopper cart reply (src/contracts/shop-cart.ts) from the stored lines and today's catalog.
 * Totals come from the domain's computeTotals over the same line records the POS uses, so a cart
 * and the order it becomes add up the same. A line whose product left the catalog (switched off,
 * no longer orderable, options changed) is not sold: the view drops it and says so.
 */
import type { Kysely } from 'kysely';
import type { ShopCartProduct, ShopCartReply } from '../../../src/contracts/shop-cart';
import { codeRows } from '../../../src/domain/cart-codes';
import { enoughStock, lineStopsCheckout, outOfStockText } from '../../../src/domain/inventory';
import { laborUnitAmount } from '../../../src/domain/labor';
import { decimal, formatUSD, roundMoney, toWire, type Money } from '../../../src/domain/money';
import type { LaborLine, OrderLine, ProductLine } from '../../../src/domain/mutations/records';
import { taxRateOf, type StoreSettings } from '../../../src/domain/settings';
import { computeTotals, lineTotal } from '../../../src/domain/totals';
import type { DB, ShopOptions } from '../../db/schema';
import { loadShopProducts, resolveShopOptions, type ShopCatalogProduct } from './shop-cart-catalog';
import { redemptions } from './shop-cart-codes';

/** Shop settings of the storefront cart (the `storefront` settings row; defaults when missing). */
export interface ShopCartSettings {
  guestCheckout: boolean;
  popoutHidden: boolean;
  /** Lines short of stock may still be checked out (backorders). */
  stockCheckout: boolean;
  /** The online card processor is the simulator (the checkout's "Test mode" label). */
  cardTestMode?: boolean;
}

export const REMOVED_FROM_CATALOG = 'Some items are no longer available and were removed from your cart.';

export interface StoredLine {
  key: string;
  product_id: number;
  quantity: number;
  options: ShopOptions;
  apply_labor: boolean;
  labor_key: string;
}

export interface PricedCart {
  lines: OrderLine[];
  rows: ShopCartProduct[];
  /** Keys of stored lines the catalog no longer sells. */
  stale: string[];
  /**
   * No line stops checkout for stock: each is on the shelf or its product is supplied when out
   * (its own out-of-stock text; docs/decisions/storefront.md "Stock on cards and in the cart").
   */
  allSupplied: boolean;
  catalog: Map<number, ShopCatalogProduct>;
}

export async function priceLines(
  db: Kysely<DB>,
  stored: readonly StoredLine[],
  settings: StoreSettings,
): Promise<PricedCart> {
  const catalog = await loadShopProducts(
    db,
    stored.map((s) => s.product_id),
  );
  const lines: OrderLine[] = [];
  const rows: ShopCartProduct[] = [];
  const stale: string[] = [];
  let allSupplied = true;
  const taxOf = (cls: number | null, total: string): string => {
    const rate = taxRateOf(settings, cls);
    return rate === null ? '0.00' : toWire(roundMoney(decimal(total).times(decimal(rate)).div(100)));
  };
  for (const s of stored) {
    const p = catalog.get(s.product_id);
    const options = p?.orderable ? resolveShopOptions(p, s.options, 'invalid') : null;
    if (!p || !options || !Array.isArray(options)) {
      stale.push(s.key);
      continue;
    }
    const productLine: ProductLine = {
      kind: 'product',
      id: s.key,
      name: p.name,
      quantity: s.quantity,
      po_number: null,
      product_id: p.product_id,
      model: p.mpn,
      mpn: p.mpn,
      aaia: p.aaia,
      price: p.price,
      options: options.map((o) => ({ name: o.name, value: o.value, price: o.price })),
      price_override: null,
      // The catalog's core charge: the Surcharge row shows it, as the order will at checkout.
      surcharge: p.surcharge,
      tax_class_id: p.tax_class_id,
      minimum: p.minimum,
    };
    const total = toWire(lineTotal(productLine));
    const unit = toWire(decimal(total).div(s.quantity));
    const enough = enoughStock(s.quantity, p.stock);
    if (lineStopsCheckout(s.quantity, p.stock, p.oosText)) allSupplied = false;
    const withLabor = s.apply_labor && p.labor !== null;
    const common = {
      currency_code: 'USD' as const,
      sku: p.mpn,
      ean: p.upc,
      category_levels: p.categories,
      thumbnail: p.image,
      links: { view: `/${p.slug}` },
      has_shipping_cost: false,
      shipping_cost: '0.00',
    };
    lines.push(productLine);
    rows.push({
      key: s.key,
      product_id: p.product_id,
      name: p.name,
      quantity: s.quantity,
      minimum: p.minimum,
      unit_price: unit,
      unit_price_text: formatUSD(unit),
      unit_price_before_discounts: unit,
      original_unit_price: unit,
      total,
      total_text: formatUSD(total),
      tax: taxOf(p.tax_class_id, total),
      selected_options: options,
      enough_inventory: enough,
      show_stock_warning: !enough,
      oos_text: outOfStockText(p.oosText),
      labor_product: false,
      product_labor_key: withLabor ? s.labor_key : null,
      ...common,
    });
    if (withLabor && p.labor) {
      const laborLine: LaborLine = {
        kind: 'labor',
        id: s.labor_key,
        name: p.labor.title,
        quantity: s.quantity,
        po_number: null,
        labor_id: p.labor.labor_id,
        rate: p.labor.rate,
        minutes: p.labor.minutes,
        price_override: null,
        product_line_id: s.key,
      };
      const laborTotal = toWire(lineTotal(laborLine));
      const laborUnit = toWire(laborUnitAmount(p.labor.rate, p.labor.minutes));
      lines.push(laborLine);
      rows.push({
        key: s.labor_key,
        product_id: p.product_id,
        name: `${p.labor.title}: ${p.name}`,
        quantity: s.quantity,
        minimum: 1,
        unit_price: laborUnit,
        unit_price_text: formatUSD(laborUnit),
        unit_price_before_discounts: laborUnit,
        original_unit_price: laborUnit,
        total: laborTotal,
        total_text: formatUSD(laborTotal),
        tax: taxOf(settings.laborTaxClassId, laborTotal),
        selected_options: [],
        enough_inventory: true,
        show_stock_warning: false,
        oos_text: '',
        labor_product: true,
        product_labor_key: s.key,
        ...common,
      });
    }
  }
  return { lines, rows, stale, allSupplied, catalog };
}

export interface ReplyExtras {
  success?: string;
  error_message?: string;
  redirect?: string | null;
  order_id?: number | null;
  marketing?: ShopCartReply['marketing_tracking'];
}

export function shopCartReply(
  priced: PricedCart,
  settings: StoreSettings,
  shop: ShopCartSettings,
  loggedIn: boolean,
  extras: ReplyExtras = {},
  codes: readonly { code: string; balance: Money }[] = [],
): ShopCartReply {
  const t = computeTotals({ lines: priced.lines, transactions: [], taxExempt: false, taxExemptNumber: null }, settings);
  // A storefront cart has no card surcharge yet; empty surcharge and labor rows are noise to a shopper.
  const totals: { title: string; code: string; text: string }[] = t.rows
    .filter((r) => r.code === 'parts' || r.code === 'tax' || r.code === 'total' || !r.value.isZero())
    .map((r) => ({
      title: r.code === 'parts' ? 'Sub-Total' : r.code === 'total' ? 'Total' : r.title,
      code: r.code,
      text: r.text,
    }));
  // Gift certificates pay, they do not discount: their rows and the balance left follow the total.
  const applied = redemptions(codes, t.orderTotal);
  const redeemed = applied.reduce((sum, c) => sum.plus(c.amount), decimal(0));
  const balanceDue = roundMoney(decimal(t.orderTotal).minus(redeemed));
  for (const r of codeRows(applied, { balanceDue, balanceLabel: 'Balance Due' }))
    totals.push({ title: r.title, code: r.code, text: r.text });
  const items = priced.rows.filter((r) => !r.labor_product).reduce((n, r) => n + r.quantity, 0);
  const mayCheckout = shop.guestCheckout || loggedIn;
  return {
    products: priced.rows,
    vouchers: [],
    totals,
    total: toWire(t.orderTotal),
    total_text: formatUSD(t.orderTotal),
    total_items: items,
    confirm_button: items > 0 && mayCheckout && (priced.allSupplied || shop.stockCheckout),
    marketing_tracking: extras.marketing ?? [],
    order_id: extras.order_id ?? null,
    success: extras.success ?? '',
    error_message: extras.error_message ?? (priced.stale.length > 0 ? REMOVED_FROM_CATALOG : ''),
    redirect: extras.redirect ?? null,
    guest_checkout: shop.guestCheckout,
    logged_in: loggedIn,
    popout_hidden: shop.popoutHidden,
    card_test_mode: shop.cardTestMode === true,
  };
}
