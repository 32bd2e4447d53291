import { sql, type Kysely, type RawBuilder } from 'kysely';
import { loginToViewPrice, priceView, settingFlag, type PriceView } from '../../../src/domain/price-visibility';
import type { DB } from '../../db/schema';

/**
 * The shop settings the storefront's hot paths obey (docs/decisions/storefront.md "Product page
 * settings"). Keys in the settings table; a missing row means the default:
 * - guest_checkout (true): guests may add to cart and check out; false shows the login link.
 * - customer_price (false): prices only for signed-in visitors ('Login Required To View Price').
 * - disable_pricing_notice (''): replaces 'Product Unavailable' for products with pricing off.
 * - dealer_locator_popup_heading_text / dealer_locator_popup_text: the dealer locator's first-visit
 *   popup on the product page (docs/decisions/storefront.md "Dealer locator").
 * - storefront: { hide (the cart popout), stock_checkout (lines short of stock may check out) }.
 */
export interface ProductSettings {
  guestCheckout: boolean;
  loginToViewPrice: boolean;
  disablePricingNotice: string;
  popupHeading: string;
  popupText: string;
  popoutHidden: boolean;
  stockCheckout: boolean;
}

const KEYS = [
  'guest_checkout',
  'customer_price',
  'disable_pricing_notice',
  'dealer_locator_popup_heading_text',
  'dealer_locator_popup_text',
  'storefront',
];

/**
 * The first-visit popup's words when the shop wrote none. It shows on every product page, orderable
 * or not, so it invites the shopper to choose a store; it must not say the product cannot be ordered
 * (it once defaulted to the Contact Us modal's intro, which did).
 */
export const DEFAULT_POPUP_HEADING = 'Shop Your Local Store';
export const DEFAULT_POPUP_TEXT = 'Choose a store near you to see what it has in stock and pick up your order there.';

function productSettingsFrom(v: Record<string, unknown>): ProductSettings {
  const text = (x: unknown, def: string) => (typeof x === 'string' && x.trim() !== '' ? x : def);
  const store = (typeof v.storefront === 'object' && v.storefront !== null ? v.storefront : {}) as Record<
    string,
    unknown
  >;
  // The storefront row's flags take booleans and 0/1 (what the POS settings screen writes).
  const flag = (x: unknown, d: boolean) =>
    typeof x === 'boolean' ? x : x === 1 || x === '1' ? true : x === 0 || x === '0' ? false : d;
  return {
    guestCheckout: settingFlag(v.guest_checkout, true),
    loginToViewPrice: loginToViewPrice(v),
    disablePricingNotice: text(v.disable_pricing_notice, ''),
    popupHeading: text(v.dealer_locator_popup_heading_text, DEFAULT_POPUP_HEADING),
    popupText: text(v.dealer_locator_popup_text, DEFAULT_POPUP_TEXT),
    popoutHidden: flag(store.hide, false),
    stockCheckout: flag(store.stock_checkout, false),
  };
}

/**
 * The settings table's change stamp: every insert or update raises max(version) (migration 0001's
 * change_version), every delete lowers count(*). A scalar subquery, so a caller can read it in a
 * query it runs anyway (the listing's catalog version, the suggestions' one statement) and the
 * cached settings cost no round trip while nothing changed.
 */
export const SETTINGS_STAMP: RawBuilder<string> = sql<string>`(select concat_ws(':', coalesce(max(version), 0), count(*)) from settings)`;

/** The caller's price rule for one product (src/domain/price-visibility.ts). */
export function priceViewFor(s: ProductSettings, signedIn: boolean, disablePricing: boolean): PriceView {
  return priceView({
    loginToViewPrice: s.loginToViewPrice,
    signedIn,
    disablePricing,
    disablePricingNotice: s.disablePricingNotice,
  });
}

/** `price` as this caller may see it: null when the rule withholds it. */
export function shownPrice<T>(s: ProductSettings, signedIn: boolean, disablePricing: boolean, price: T): T | null {
  return priceViewFor(s, signedIn, disablePricing).hidden ? null : price;
}

/**
 * ProductSettings cached on the settings stamp: a listing, a cart call or a suggestion reads no
 * settings row while the table is unchanged, and any writer's change (an admin, a restore, a test
 * writing the table directly) is seen by the next call, because the stamp is read every time.
 * Within one transaction the stamp is read once (the guest add checks guest_checkout, then replies).
 * One instance per server (app.ts): two databases may share a stamp, never an instance.
 */
export class ProductSettingsCache {
  private cached: { stamp: string; settings: ProductSettings } | null = null;
  private readonly perTrx = new WeakMap<object, Promise<ProductSettings>>();

  /** `stamp`: SETTINGS_STAMP as the caller already read it; else it is read here. */
  get(db: Kysely<DB>, stamp?: string): Promise<ProductSettings> {
    if (stamp !== undefined && this.cached?.stamp === stamp) return Promise.resolve(this.cached.settings);
    if (stamp !== undefined || !db.isTransaction) return this.read(db, stamp);
    let p = this.perTrx.get(db);
    if (!p) {
      p = this.read(db);
      this.perTrx.set(db, p);
    }
    return p;
  }

  private async read(db: Kysely<DB>, known?: string): Promise<ProductSettings> {
    if (known === undefined) {
      const { rows } = await sql<{ stamp: string }>`select ${SETTINGS_STAMP} as stamp`.execute(db);
      const stamp = rows[0]!.stamp;
      if (this.cached?.stamp === stamp) return this.cached.settings;
    }
    // Stamp and rows in one statement: the cached value is exactly the rows of its stamp.
    const { rows } = await sql<{ stamp: string; v: Record<string, unknown> | null }>`
      select ${SETTINGS_STAMP} as stamp, (select json_object_agg(key, value) from settings where key in (${sql.join(KEYS)})) as v`.execute(
      db,
    );
    const row = rows[0]!;
    const settings = productSettingsFrom(row.v ?? {});
    this.cached = { stamp: row.stamp, settings };
    return settings;
  }
}

/** Uncached read (cold paths: the Contact Us modal's text). */
export async function loadProductSettings(db: Kysely<DB>): Promise<ProductSettings> {
  return new ProductSettingsCache().get(db);
}
