import { sql, type Kysely } from 'kysely';
import type { ProductsListQuery, ProductsListReply, ProductSummary } from '../../../src/contracts/products-list';
import { vehicleLabel, type FitmentVehicle } from '../../../src/domain/fitment-facets';
import { cardStockText, stockStatus } from '../../../src/domain/inventory';
import { narrowsListing } from '../../../src/domain/listing-narrowing';
import { PRODUCT_UNAVAILABLE } from '../../../src/domain/price-visibility';
import type { DB } from '../../db/schema';
import { fittingProducts } from '../fitment/fitment-catalog-details';
import { FreshRead, ListingCache, readListingStamps, type ListingStamps } from './listing-cache';
import { CARD_COLUMNS, partNaming } from './product-columns';
import { priceViewFor, ProductSettingsCache } from './product-settings';
import { SearchFacets } from './search-facets';
import { matchSql, parseSearch } from './search-query';

/** A product counts as NEW for this many days after it was added to the catalog. */
const NEW_FOR_DAYS = 60;

const SORT_COLUMNS = {
  name: 'p.name',
  price: 'p.price',
  date_added: 'p.date_added',
  mpn: 'p.mpn',
  relevance: 'p.name',
} as const;

/** How long a cached count may be served on one stamp (out-of-order commits: listing-cache.ts `LISTING_TTL_MS`). */
const COUNT_TTL_MS = 60_000;

/** Catalog reads for the storefront listing (GET /api/products/). */
export class ProductService {
  /**
   * Total counts per filter, valid while the catalog stamp is unchanged (listing-cache.ts): counting
   * every matching row costs O(catalog) per request, the page itself only O(page). Every insert,
   * update or deletion of a product, its categories, brands or fitment changes the stamp.
   */
  private readonly counts = new Map<string, { version: string | null; n: number; at: number }>();

  private readonly facets: SearchFacets;

  private readonly settings: ProductSettingsCache;

  /** Whole replies, per process (listing-cache.ts; docs/decisions/server.md "Listing replies cached per process"). */
  private readonly replies = new ListingCache<ProductsListReply>();

  /** The stamps, one read shared by the listings that asked while the last one ran (listing-cache.ts). */
  private readonly stamps: FreshRead<ListingStamps>;

  constructor(
    private readonly db: Kysely<DB>,
    facets?: SearchFacets,
    settings?: ProductSettingsCache,
  ) {
    this.facets = facets ?? new SearchFacets(db);
    this.settings = settings ?? new ProductSettingsCache();
    this.stamps = new FreshRead(() => readListingStamps(db));
  }

  /**
   * `vehicle`: the shopper's saved vehicle (null: none); once whole it narrows the list unless
   * `fits=0` (docs/decisions/fitment.md "Listings narrowed to the vehicle"). `signedIn`:
   * a customer or staff session (prices behind `customer_price`, the guest checkout switch).
   */
  async list(
    q: ProductsListQuery,
    now = new Date(),
    vehicle: FitmentVehicle | null = null,
    signedIn = false,
  ): Promise<ProductsListReply> {
    const stamps = await this.stamps.read();
    // Every argument but the clock is in the key (the TTL bounds "New"): a reply depends on the
    // caller only through these. A new argument that changes the reply must join the key. (Two
    // spellings of one query, fields in another order, are two entries: never a wrong reply.)
    const key = JSON.stringify([q, vehicle, signedIn]);
    const stamp = `${stamps.catalog}|${stamps.stock}|${stamps.settings}`;
    return this.replies.get(key, stamp, now.getTime(), () => this.build(q, now, vehicle, signedIn, stamps));
  }

  /** The reply itself: the settings, one page of rows, its totals (cached apart, see `counts`). */
  private async build(
    q: ProductsListQuery,
    now: Date,
    vehicle: FitmentVehicle | null,
    signedIn: boolean,
    stamps: ListingStamps,
  ): Promise<ProductsListReply> {
    const shop = await this.settings.get(this.db, stamps.settings);
    // Shop by Vehicle: narrowed by default once a whole vehicle is chosen, `fits=0` shows all.
    // A vehicle still being chosen (a year alone) narrows only when asked (`fits=1`).
    const asked = q.fits === '1' || q.fits === 'true';
    const fitSet = vehicle && (asked || narrowsListing(undefined, vehicle.facets)) ? fittingProducts(vehicle) : null;
    const fitting = fitSet && vehicle && narrowsListing(q.fits, vehicle.facets) ? fitSet : null;
    let base = this.db
      .selectFrom('products as p')
      .innerJoin('manufacturers as m', 'm.manufacturer_id', 'p.manufacturer_id')
      .where('p.status', '=', true);
    if (q.manufacturer_id) base = base.where('p.manufacturer_id', '=', q.manufacturer_id);
    if (q.series_id) base = base.where('p.series_id', '=', q.series_id);
    if (q.special) base = base.where(sql<boolean>`p.msrp > p.price`);
    if (q.category_id) {
      const categoryId = q.category_id;
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('product_categories as pc')
            .select('pc.product_id')
            .whereRef('pc.product_id', '=', 'p.product_id')
            .where('pc.category_id', '=', categoryId),
        ),
      );
    }
    // The same matching and ranking as the search bar's (search-query.ts): part numbers whatever
    // their punctuation, brand-prefixed part numbers, word prefixes over name, brand, series, categories.
    const search = q.search ? parseSearch(q.search, (await this.facets.get()).brandKeys) : null;
    const ranked = search !== null;
    const withSearch = base.$if(ranked, (qb) =>
      qb.innerJoin(
        sql<{ product_id: number; rank: number }>`(${matchSql(search!)})`.as('sm'),
        'sm.product_id',
        'p.product_id',
      ),
    );

    const narrowed = (fits: typeof fitSet) =>
      fits ? withSearch.where(sql<boolean>`p.product_id in (${fits})`) : withSearch;
    const listed = narrowed(fitting);

    const offset = (q.page - 1) * q.limit;
    const filters = [q.manufacturer_id, q.series_id, q.category_id, q.search, q.special];
    const count = (fits: typeof fitSet) =>
      this.count(JSON.stringify([...filters, fits ? vehicle : null]), stamps.catalog, now, async () => {
        const row = await narrowed(fits)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      });
    // The shopper's chosen store, when it is one (an unknown or closed store counts every store, as
    // no store does): the cards' stock is that store's (docs/decisions/storefront.md "Stock on cards
    // and in the cart"). Only the id comes from the caller; the name is the shop's.
    const store = q.store
      ? ((await this.db
          .selectFrom('locations')
          .select(['location_id', 'name'])
          .where('location_id', '=', q.store)
          .where('status', '=', true)
          .executeTakeFirst()) ?? null)
      : null;
    const total = await count(fitting);
    // With a vehicle the count line also names the other list's size (the toggle's words).
    const other = fitSet ? await count(fitting ? null : fitSet) : null;
    // The page's rows first, then their stock and categories: subqueries in the same select list
    // ran for every row the offset skips too (page 40 of 24: 960 rows, not 24).
    const page = listed
      .select([
        ...CARD_COLUMNS,
        'p.price',
        'p.msrp',
        'p.oos_text',
        'm.name as manufacturer',
        'm.slug as manufacturer_slug',
        (ranked ? sql<number>`sm.rank` : sql<number>`0`).as('rank'),
      ])
      .$if(ranked && q.sort === 'relevance', (qb) =>
        qb.orderBy(sql.ref('sm.rank'), q.order).orderBy(sql`lower(p.name)`, q.order),
      )
      .orderBy(sql.ref(SORT_COLUMNS[q.sort]), q.order)
      .orderBy('p.product_id', q.order)
      .limit(q.limit)
      .offset(offset);
    const rows = await this.db
      .selectFrom(page.as('p'))
      .select([
        ...CARD_COLUMNS,
        'p.manufacturer',
        'p.manufacturer_slug',
        sql<string>`p.price::numeric(12,2)::text`.as('price'),
        sql<string>`p.msrp::numeric(12,2)::text`.as('msrp'),
        'p.oos_text',
        sql<number>`(select coalesce(sum(s.quantity), 0)::int from product_stock s where s.product_id = p.product_id${
          store ? sql` and s.location_id = ${store.location_id}` : sql``
        })`.as('stock'),
        // In the same query: on PGlite's single connection every extra round trip is queue time.
        sql<
          number[]
        >`array(select pc.category_id from product_categories pc where pc.product_id = p.product_id order by pc.category_id)`.as(
          'category_ids',
        ),
      ])
      // The same order over the page's columns (p.price here is the subquery's number, not the text).
      .$if(ranked && q.sort === 'relevance', (qb) =>
        qb.orderBy(sql.ref('p.rank'), q.order).orderBy(sql`lower(p.name)`, q.order),
      )
      .orderBy(sql.ref(SORT_COLUMNS[q.sort]), q.order)
      .orderBy('p.product_id', q.order)
      .execute();

    const newSince = now.getTime() - NEW_FOR_DAYS * 86_400_000;
    const products: ProductSummary[] = rows.map((r) => {
      const view = priceViewFor(shop, signedIn, r.disable_pricing);
      return {
        ...partNaming(r),
        short_description: r.short_description ?? '',
        manufacturer: r.manufacturer,
        manufacturer_id: r.manufacturer_id,
        series_id: r.series_id,
        categories: r.category_ids.map((category_id) => ({ category_id })),
        price: view.hidden ? null : r.price,
        msrp: view.hidden ? null : r.msrp,
        is_new: new Date(r.date_added).getTime() >= newSince,
        is_orderable: r.is_orderable,
        disable_pricing: r.disable_pricing,
        disable_pricing_notice: shop.disablePricingNotice || PRODUCT_UNAVAILABLE,
        price_login_required: view.loginRequired,
        requires_options: r.requires_options,
        guest_checkout: shop.guestCheckout,
        logged_in: signedIn,
        show_install_graphic: r.show_install_graphic,
        thumbnails: { primary: r.image ?? '', cart: r.image ?? '' },
        links: { view: `/${r.slug}`, manufacturer: `/${r.manufacturer_slug}` },
        stock_status: stockStatus(Number(r.stock), r.oos_text),
        stock_text: cardStockText(Number(r.stock), r.oos_text, store?.name ?? null),
      };
    });
    const label = fitSet && vehicle ? vehicleLabel(vehicle.facets) : null;
    return {
      products,
      total_items: total,
      total_pages: Math.ceil(total / q.limit),
      page: q.page,
      limit: q.limit,
      fits_vehicle: fitting ? label : null,
      vehicle: label,
      all_items: fitting ? other : null,
      fitting_items: fitSet && !fitting ? other : null,
      store,
    };
  }

  /** A listing's total, cached while the catalog's newest version is unchanged (see `counts`). */
  private async count(key: string, version: string | null, now: Date, read: () => Promise<number>): Promise<number> {
    const cached = this.counts.get(key);
    if (cached && cached.version === version && now.getTime() - cached.at < COUNT_TTL_MS) return cached.n;
    const n = await read();
    if (this.counts.size > 1000) this.counts.clear();
    this.counts.set(key, { version, n, at: now.getTime() });
    return n;
  }
}
