/**
 * GET /api/products/page/{slug}: resolves a /{slug} link to a product (with everything its page
 * shows), a brand, a category or a blog post, in that order (slugs are unique per table; products
 * win a clash because search hits link to products; blog posts come last: docs/decisions/
 * storefront.md "Blog post pages").
 *
 * Price rules (storefront.md §2 "Price display"): with customer_price on, a guest gets no price
 * field at all (not just a hidden one); a product with disable_pricing sends no prices either.
 */
import { sql, type Kysely } from 'kysely';
import type { SessionUser } from '../../../src/contracts/session';
import type { ProductDetail, ProductPageReply } from '../../../src/contracts/product-page';
import { laborUnitAmount } from '../../../src/domain/labor';
import { money, sub, toWire } from '../../../src/domain/money';
import { PRODUCT_UNAVAILABLE } from '../../../src/domain/price-visibility';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { blogPostByUrl } from '../content/blog-post';
import { CARD_COLUMNS, partNaming } from './product-columns';
import { priceViewFor, ProductSettingsCache } from './product-settings';

const NEW_FOR_DAYS = 60;

export class ProductPageService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly settings: ProductSettingsCache = new ProductSettingsCache(),
  ) {}

  async resolve(slug: string, user: SessionUser | null, now = new Date()): Promise<ProductPageReply> {
    const product = await this.product(slug, user, now);
    if (product) return { kind: 'product', product };
    const brand = await this.db
      .selectFrom('manufacturers')
      .select(['manufacturer_id', 'name', 'image', 'slug'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (brand)
      return {
        kind: 'brand',
        brand: { manufacturer_id: brand.manufacturer_id, name: brand.name, image: brand.image, link: `/${brand.slug}` },
      };
    const category = await this.db
      .selectFrom('categories')
      .select(['category_id', 'name', 'slug'])
      .where('slug', '=', slug)
      .where('status', '=', true)
      .executeTakeFirst();
    if (category)
      return {
        kind: 'category',
        category: { category_id: category.category_id, name: category.name, link: `/${category.slug}` },
      };
    const post = await blogPostByUrl(this.db, slug);
    if (post) return { kind: 'blog_post', post };
    throw notFound('This product could not be found.');
  }

  private async product(slug: string, user: SessionUser | null, now: Date): Promise<ProductDetail | null> {
    const r = await this.db
      .selectFrom('products as p')
      .innerJoin('manufacturers as m', 'm.manufacturer_id', 'p.manufacturer_id')
      .leftJoin('labor_types as l', 'l.labor_id', 'p.labor_id')
      .select([
        ...CARD_COLUMNS,
        'p.short_name',
        'p.description',
        'p.is_universal',
        'p.minimum',
        'p.labor_id',
        'p.labor_time',
        'l.title as labor_title',
        'm.name as manufacturer',
        'm.slug as manufacturer_slug',
        sql<string>`p.price::numeric(12,2)::text`.as('price'),
        sql<string>`p.msrp::numeric(12,2)::text`.as('msrp'),
        sql<string>`p.surcharge::numeric(12,2)::text`.as('surcharge'),
        sql<string | null>`l.amount::numeric(12,2)::text`.as('labor_rate'),
      ])
      .where('p.slug', '=', slug)
      .where('p.status', '=', true)
      .executeTakeFirst();
    if (!r) return null;

    const settings = await this.settings.get(this.db);
    const loggedIn = user !== null;
    const view = priceViewFor(settings, loggedIn, r.disable_pricing);
    const show = (m: string | null) => (view.hidden ? null : m);
    const price = money(r.price);
    const msrp = money(r.msrp);
    const onSale = msrp.gt(price);

    const [options, components, categories] = await Promise.all([
      this.options(r.product_id),
      this.components(r.product_id),
      this.categories(r.product_id),
    ]);
    const laborPrice =
      r.labor_id !== null && r.labor_time && r.labor_rate !== null
        ? toWire(laborUnitAmount(r.labor_rate, r.labor_time))
        : null;

    return {
      ...partNaming(r),
      short_name: r.short_name,
      short_description: r.short_description,
      description: r.description,
      manufacturer: r.manufacturer,
      manufacturer_id: r.manufacturer_id,
      series_id: r.series_id,
      categories: categories.map((c) => ({ category_id: c.category_id })),
      category_path: categories
        .slice(0, 1)
        .map((c) => ({ category_id: c.category_id, name: c.name, link: `/${c.slug}` })),
      price: show(r.price),
      msrp: show(r.msrp),
      unit_price: show(r.price),
      original_unit_price: show(onSale ? r.msrp : r.price),
      special: show(onSale ? r.price : null),
      instant_rebate: show(onSale ? toWire(sub(msrp, price)) : null),
      price_login_required: view.loginRequired,
      core_charge: show(money(r.surcharge).gt(0) ? r.surcharge : null),
      disable_pricing: r.disable_pricing,
      disable_pricing_notice: settings.disablePricingNotice || PRODUCT_UNAVAILABLE,
      guest_checkout: settings.guestCheckout,
      logged_in: loggedIn,
      is_new: new Date(r.date_added).getTime() >= now.getTime() - NEW_FOR_DAYS * 86_400_000,
      is_orderable: r.is_orderable,
      is_universal: r.is_universal,
      requires_options: r.requires_options || options.some((o) => o.required),
      minimum: Math.max(1, r.minimum),
      show_install_graphic: r.show_install_graphic,
      thumbnails: { primary: r.image, cart: r.image },
      links: { view: `/${r.slug}`, manufacturer: `/${r.manufacturer_slug}` },
      labor:
        r.labor_id !== null && r.labor_time
          ? {
              time: r.labor_time,
              data: {
                title: r.labor_title ?? 'Installation',
                amount: show(laborPrice),
                labor_id: r.labor_id,
                display_text: `Add With ${r.labor_title ?? 'Installation'}`,
              },
            }
          : null,
      labor_price: show(laborPrice),
      options: options.map((o) => ({ ...o, values: o.values.map((v) => ({ ...v, price: show(v.price) })) })),
      components,
    };
  }

  private async options(productId: number) {
    const rows = await this.db
      .selectFrom('product_options as o')
      .leftJoin('product_option_values as v', 'v.product_option_id', 'o.product_option_id')
      .select([
        'o.product_option_id',
        'o.name',
        'o.type',
        'o.required',
        'o.sort_order',
        'v.product_option_value_id',
        'v.name as value_name',
        'v.price_prefix',
        sql<string | null>`v.price::numeric(12,2)::text`.as('value_price'),
      ])
      .where('o.product_id', '=', productId)
      .orderBy('o.sort_order')
      .orderBy('o.product_option_id')
      .orderBy('v.sort_order')
      .orderBy('v.product_option_value_id')
      .execute();
    const byId = new Map<number, ProductDetail['options'][number]>();
    for (const r of rows) {
      let o = byId.get(r.product_option_id);
      if (!o) {
        o = { product_option_id: r.product_option_id, name: r.name, type: r.type, required: r.required, values: [] };
        byId.set(r.product_option_id, o);
      }
      if (r.product_option_value_id !== null && r.value_name !== null) {
        o.values.push({
          product_option_value_id: r.product_option_value_id,
          name: r.value_name,
          price: r.value_price ?? '0.00',
          price_prefix: r.price_prefix ?? '+',
        });
      }
    }
    return [...byId.values()];
  }

  private async components(packageId: number): Promise<ProductDetail['components']> {
    const rows = await this.db
      .selectFrom('product_components as c')
      .innerJoin('products as p', 'p.product_id', 'c.component_id')
      .select(['p.product_id', 'p.name', 'p.mpn', 'p.slug', 'c.quantity'])
      .where('c.package_id', '=', packageId)
      .orderBy('c.sort_order')
      .orderBy('p.product_id')
      .execute();
    return rows.map((r) => ({
      product_id: r.product_id,
      name: r.name,
      part_number: r.mpn,
      quantity: r.quantity,
      link: `/${r.slug}`,
    }));
  }

  private categories(productId: number) {
    return this.db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.category_id', 'pc.category_id')
      .select(['c.category_id', 'c.name', 'c.slug'])
      .where('pc.product_id', '=', productId)
      .where('c.status', '=', true)
      .orderBy('c.category_id')
      .execute();
  }
}
