/**
 * The storefront's /{slug} page and product listings answered from the device catalog, in the
 * server's reply shapes (src/contracts/product-page.ts, products-list.ts), so the same screens
 * render them when the server cannot be reached (a kiosk: docs/decisions/storefront.md "Kiosk pages
 * offline"). Reads what the last staff sync stored, through the device readers: product rows
 * (product-chunks.ts), stock and category links (catalog-links.ts), options (product-options.ts),
 * brand and category names (the `catalog` store) and the settings rows, whose price rules apply as
 * on the server (src/domain/price-visibility.ts).
 *
 * What the device does not hold stays empty: the description (never pulled), package components,
 * labor, the vehicle narrowing of a listing (`fits`) and blog posts.
 */
import type { ProductDetail, ProductOption, ProductPageReply } from '../contracts/product-page';
import type { ProductsListQuery, ProductsListReply, ProductSummary } from '../contracts/products-list';
import { cardStockText, stockStatus } from '../domain/inventory';
import { decimal, moneyString } from '../domain/money';
import { loginToViewPrice, PRODUCT_UNAVAILABLE, priceView, settingFlag } from '../domain/price-visibility';
import { categoryLinks, productCategoryIds } from './catalog-links';
import type { PartsdeskDb } from './database';
import { eachProductBatch, productRows, type ProductRow } from './product-chunks';
import { productOptions } from './product-options';
import { lookupRows, stockOnHand } from './queries';

/** Who reads the page (the price rule) and when (`is_new`). */
export interface DeviceViewer {
  signedIn: boolean;
  now: Date;
}

/** A /{slug} page from the device, with the stock on hand it knows for a product (null otherwise). */
export interface DevicePage {
  reply: ProductPageReply;
  stock: number | null;
}

const NEW_FOR_DAYS = 60;
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const amount = (v: unknown): string => moneyString(decimal(text(v) || '0'));
/** Listed like the server lists: the shop has not disabled it. */
const listed = (r: ProductRow): boolean => r.status !== false;
/** Non-negative 2-place amounts compare by length, then as text (no floats). */
const cmpAmount = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

interface Shop {
  loginToViewPrice: boolean;
  guestCheckout: boolean;
  notice: string;
}

async function shopOf(db: PartsdeskDb): Promise<Shop> {
  const rows = await lookupRows<{ key: string; value: unknown }>(db, 'settings');
  const settings = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return {
    loginToViewPrice: loginToViewPrice(settings),
    guestCheckout: settingFlag(settings.guest_checkout, true),
    notice: typeof settings.disable_pricing_notice === 'string' ? settings.disable_pricing_notice.trim() : '',
  };
}

/** A facet table of the `catalog` store (manufacturers, categories) by id. */
async function facet(db: PartsdeskDb, table: string, id: string): Promise<Map<number, Record<string, unknown>>> {
  const rows = await db.catalog.where('[table+k]').between([table, ''], [table, '\uffff']).toArray();
  return new Map(rows.map((r) => [Number(r.row[id]), r.row]));
}

interface Names {
  brands: Map<number, Record<string, unknown>>;
  categories: Map<number, Record<string, unknown>>;
}

const namesOf = async (db: PartsdeskDb): Promise<Names> => ({
  brands: await facet(db, 'manufacturers', 'manufacturer_id'),
  categories: await facet(db, 'categories', 'category_id'),
});

function summaryOf(
  r: ProductRow,
  categories: number[],
  stock: number,
  names: Names,
  shop: Shop,
  viewer: DeviceViewer,
): ProductSummary {
  const view = priceView({
    loginToViewPrice: shop.loginToViewPrice,
    signedIn: viewer.signedIn,
    disablePricing: r.disable_pricing === true,
  });
  const brandId = num(r.manufacturer_id) ?? 0;
  const brand = names.brands.get(brandId);
  const price = amount(r.price);
  const added = Date.parse(text(r.date_added));
  const oos = typeof r.oos_text === 'string' ? r.oos_text : null;
  return {
    product_id: Number(r.product_id),
    aaia: text(r.aaia),
    mpn: text(r.mpn),
    part_number: text(r.mpn),
    name: text(r.name),
    short_description: text(r.short_description),
    manufacturer: text(brand?.name),
    manufacturer_id: brandId,
    series_id: num(r.series_id),
    categories: categories.map((category_id) => ({ category_id })),
    price: view.hidden ? null : price,
    msrp: view.hidden ? null : text(r.msrp) ? amount(r.msrp) : price,
    is_new: added >= viewer.now.getTime() - NEW_FOR_DAYS * 86_400_000,
    is_orderable: r.is_orderable !== false,
    disable_pricing: r.disable_pricing === true,
    disable_pricing_notice: shop.notice || PRODUCT_UNAVAILABLE,
    price_login_required: view.loginRequired,
    requires_options: r.requires_options === true,
    guest_checkout: shop.guestCheckout,
    logged_in: viewer.signedIn,
    show_install_graphic: r.show_install_graphic === true,
    thumbnails: { primary: text(r.image), cart: text(r.image) },
    links: { view: `/${text(r.slug)}`, manufacturer: brand ? `/${text(brand.slug)}` : '' },
    stock_status: stockStatus(stock, oos),
    stock_text: cardStockText(stock, oos),
  };
}

/** One product's options in the page's shape (prices withheld as the product's other prices are). */
async function optionsOf(db: PartsdeskDb, productId: number, hidden: boolean): Promise<ProductOption[]> {
  const { defs, values } = await productOptions(db, productId);
  const order = <T extends { sort_order: number }>(a: T, b: T, ida: number, idb: number) =>
    a.sort_order - b.sort_order || ida - idb;
  return [...defs]
    .sort((a, b) => order(a, b, a.product_option_id, b.product_option_id))
    .map((d) => ({
      product_option_id: d.product_option_id,
      name: d.name,
      type: d.type,
      required: d.required,
      values: values
        .filter((v) => v.product_option_id === d.product_option_id)
        .sort((a, b) => order(a, b, a.product_option_value_id, b.product_option_value_id))
        .map((v) => ({
          product_option_value_id: v.product_option_value_id,
          name: v.name,
          price: hidden ? null : amount(v.price),
          price_prefix: v.price_prefix,
        })),
    }));
}

async function detailOf(db: PartsdeskDb, r: ProductRow, viewer: DeviceViewer): Promise<DevicePage> {
  const id = Number(r.product_id);
  const [shop, names, categories, stock] = await Promise.all([
    shopOf(db),
    namesOf(db),
    productCategoryIds(db, id),
    stockOnHand(db, id),
  ]);
  const s = summaryOf(r, categories, stock, names, shop, viewer);
  const hidden = s.price === null;
  const options = await optionsOf(db, id, hidden);
  const onSale = s.price !== null && s.msrp !== null && cmpAmount(s.msrp, s.price) > 0;
  const surcharge = amount(r.surcharge);
  const first = categories
    .map((c) => names.categories.get(c))
    .find((c): c is Record<string, unknown> => c !== undefined);
  const product: ProductDetail = {
    ...s,
    short_name: text(r.short_name),
    description: '',
    minimum: Math.max(1, Number(r.minimum ?? 1) || 1),
    requires_options: s.requires_options || options.some((o) => o.required),
    is_universal: r.is_universal === true,
    unit_price: s.price,
    original_unit_price: onSale ? s.msrp : s.price,
    special: onSale ? s.price : null,
    instant_rebate: onSale ? moneyString(decimal(s.msrp).minus(decimal(s.price))) : null,
    core_charge: hidden || decimal(surcharge).lte(0) ? null : surcharge,
    labor: null,
    labor_price: null,
    options,
    components: [],
    category_path: first
      ? [{ category_id: Number(first.category_id), name: text(first.name), link: `/${text(first.slug)}` }]
      : [],
  };
  return { reply: { kind: 'product', product }, stock };
}

/** What a /{slug} link is on this device: a product, else a brand, else a category; null when none. */
export async function devicePageBySlug(
  db: PartsdeskDb,
  slug: string,
  viewer: DeviceViewer,
): Promise<DevicePage | null> {
  let found: ProductRow | undefined;
  await eachProductBatch(db, (rows) => {
    found = rows.find((r) => r.slug === slug && listed(r));
    return found !== undefined;
  });
  if (found) return detailOf(db, found, viewer);
  const { brands, categories } = await namesOf(db);
  const brand = [...brands.values()].find((b) => b.slug === slug);
  if (brand) {
    const manufacturer_id = Number(brand.manufacturer_id);
    const b = { manufacturer_id, name: text(brand.name), image: text(brand.image), link: `/${slug}` };
    return { reply: { kind: 'brand', brand: b }, stock: null };
  }
  const category = [...categories.values()].find((c) => c.slug === slug && c.status !== false);
  if (category) {
    const c = { category_id: Number(category.category_id), name: text(category.name), link: `/${slug}` };
    return { reply: { kind: 'category', category: c }, stock: null };
  }
  return null;
}

interface Key {
  id: number;
  name: string;
  price: string;
  date: string;
  mpn: string;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** Text sorts by code unit, as the server's `order by p.name` under PGlite's C collation. */
const SORTS: Record<ProductsListQuery['sort'], (a: Key, b: Key) => number> = {
  name: (a, b) => byText(a.name, b.name),
  price: (a, b) => cmpAmount(a.price, b.price),
  date_added: (a, b) => byText(a.date, b.date),
  mpn: (a, b) => byText(a.mpn, b.mpn),
  relevance: () => 0,
};

/**
 * A listing page from the device: the filters of `q` (brand, category, series, specials; a search
 * as `only`, the device index's hits in rank order, else a name or part number containing it), its
 * sort (relevance keeps `only`'s order) and page. `fits` is ignored: every listed part is shown.
 */
export async function deviceProducts(
  db: PartsdeskDb,
  q: ProductsListQuery,
  viewer: DeviceViewer,
  only?: readonly number[],
): Promise<ProductsListReply> {
  const inCategory = q.category_id === undefined ? null : await categoryLinks(db);
  const words = q.search?.trim().toLowerCase() ?? '';
  const keys: Key[] = [];
  const take = (rows: readonly (ProductRow | undefined)[]): void => {
    for (const r of rows) {
      if (!r || !listed(r)) continue;
      const id = Number(r.product_id);
      if (q.manufacturer_id !== undefined && num(r.manufacturer_id) !== q.manufacturer_id) continue;
      if (q.series_id !== undefined && num(r.series_id) !== q.series_id) continue;
      if (inCategory && !(inCategory.get(id) ?? []).includes(q.category_id!)) continue;
      const price = amount(r.price);
      if (q.special && !(text(r.msrp) && cmpAmount(amount(r.msrp), price) > 0)) continue;
      const name = text(r.name);
      const mpn = text(r.mpn);
      if (!only && words && !`${name}\n${mpn}`.toLowerCase().includes(words)) continue;
      keys.push({ id, name, price, date: text(r.date_added), mpn });
    }
  };
  if (only) take(await productRows(db, only));
  else await eachProductBatch(db, take);
  const sort = q.sort === 'relevance' && !only ? SORTS.name : SORTS[q.sort];
  const dir = q.order === 'desc' ? -1 : 1;
  const rank = new Map((only ?? []).map((id, i) => [id, i]));
  keys.sort((a, b) => dir * (sort(a, b) || (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0) || a.id - b.id));

  const total = keys.length;
  const start = (q.page - 1) * q.limit;
  const ids = keys.slice(start, start + q.limit).map((k) => k.id);
  const [shop, names, rows] = await Promise.all([shopOf(db), namesOf(db), productRows(db, ids)]);
  const products = await Promise.all(
    rows.map(async (r, i) =>
      summaryOf(r!, await productCategoryIds(db, ids[i]!), await stockOnHand(db, ids[i]!), names, shop, viewer),
    ),
  );
  return { products, total_items: total, total_pages: Math.ceil(total / q.limit), page: q.page, limit: q.limit };
}
