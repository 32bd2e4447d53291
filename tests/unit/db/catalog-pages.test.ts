/**
 * The storefront's /{slug} page and listings from the device catalog (src/db/catalog-pages.ts, a
 * kiosk offline): the server's reply shapes (checked with the contracts' own schemas), its price
 * rules from the pulled settings, stock on hand, options, brand and category slugs, and a listing's
 * filters, sort and paging.
 */
import { describe, expect, it } from 'vitest';
import { productPageReplySchema } from '../../../src/contracts/product-page';
import { productsListQuerySchema, productsListReplySchema } from '../../../src/contracts/products-list';

import { devicePageBySlug, deviceProducts } from '../../../src/db/catalog-pages';
import type { PartsdeskDb } from '../../../src/db/database';
import { freshDb, serverRows } from '../sync/support';

const { change, apply } = serverRows();

const now = new Date('2026-11-29T00:00:00Z');
const guest = { signedIn: false, now };
const product = (id: number, name: string, price: string, extra: Record<string, unknown> = {}) =>
  change('products', String(id), {
    product_id: id,
    manufacturer_id: 1,
    aaia: 'BBWW',
    mpn: `P-${id}`,
    name,
    slug: `part-${id}`,
    price,
    msrp: price,
    surcharge: '0.00',
    minimum: 1,
    image: `/img/${id}.jpg`,
    status: true,
    date_added: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

async function catalog(): Promise<PartsdeskDb> {
  const db = freshDb();
  await apply(db, [
    change('manufacturers', '1', { manufacturer_id: 1, name: 'Bosch', slug: 'bosch', image: '' }),
    change('manufacturers', '2', { manufacturer_id: 2, name: 'Gates', slug: 'gates', image: '' }),
    change('categories', '5', { category_id: 5, name: 'Brakes', slug: 'brakes', status: true }),
    product(1, 'Brake Pad', '24.99', { msrp: '29.99', surcharge: '5.00', requires_options: false }),
    product(2, 'Air Filter', '9.50', { manufacturer_id: 2 }),
    product(3, 'Brake Rotor', '120.00', { oos_text: 'Ships in 5 days.' }),
    product(4, 'Hidden Part', '1.00', { status: false }),
    product(70, 'Wiper', '15.00', { disable_pricing: true }),
    change('product_stock', '1:1', { product_id: 1, location_id: 1, quantity: 2 }),
    change('product_stock', '1:2', { product_id: 1, location_id: 2, quantity: 3 }),
    change('product_categories', '1:5', { product_id: 1, category_id: 5 }),
    change('product_categories', '3:5', { product_id: 3, category_id: 5 }),
    change('product_options', '10', {
      product_option_id: 10,
      product_id: 1,
      name: 'Side',
      type: 'select',
      required: true,
      sort_order: 1,
    }),
    change('product_option_values', '101', {
      product_option_value_id: 101,
      product_option_id: 10,
      name: 'Front',
      price: '2.5',
      price_prefix: '+',
      sort_order: 1,
    }),
  ]);
  return db;
}

const query = (q: Record<string, string> = {}) => productsListQuerySchema.parse(q);

describe('catalog pages from the device', () => {
  it('a product page by slug: prices, sale, core charge, stock on hand, options, category path', async () => {
    const db = await catalog();
    const page = await devicePageBySlug(db, 'part-1', guest);
    expect(page?.stock).toBe(5);
    const reply = productPageReplySchema.parse(page?.reply);
    expect(reply.kind).toBe('product');
    if (reply.kind !== 'product') return;
    expect(reply.product).toMatchObject({
      product_id: 1,
      name: 'Brake Pad',
      manufacturer: 'Bosch',
      price: '24.99',
      msrp: '29.99',
      special: '24.99',
      instant_rebate: '5.00',
      core_charge: '5.00',
      requires_options: true,
      description: '',
      thumbnails: { primary: '/img/1.jpg' },
      links: { view: '/part-1', manufacturer: '/bosch' },
      category_path: [{ category_id: 5, name: 'Brakes', link: '/brakes' }],
      stock_text: '5 in Stock',
    });
    expect(reply.product.options).toEqual([
      {
        product_option_id: 10,
        name: 'Side',
        type: 'select',
        required: true,
        values: [{ product_option_value_id: 101, name: 'Front', price: '2.50', price_prefix: '+' }],
      },
    ]);
  });

  it('follows the price rules of the pulled settings; brands and categories by slug; unknown or disabled is null', async () => {
    const db = await catalog();
    const wiper = (await devicePageBySlug(db, 'part-70', guest))?.reply;
    expect(wiper?.kind === 'product' && [wiper.product.price, wiper.product.disable_pricing]).toEqual([null, true]);
    await apply(db, [change('settings', 'customer_price', { key: 'customer_price', value: true })]);
    const pad = (await devicePageBySlug(db, 'part-1', guest))?.reply;
    expect(pad?.kind === 'product' && [pad.product.price, pad.product.price_login_required]).toEqual([null, true]);
    expect(pad?.kind === 'product' && pad.product.options[0]!.values[0]!.price).toBeNull();
    const signedIn = (await devicePageBySlug(db, 'part-1', { signedIn: true, now }))?.reply;
    expect(signedIn?.kind === 'product' && signedIn.product.price).toBe('24.99');

    expect((await devicePageBySlug(db, 'gates', guest))?.reply).toEqual({
      kind: 'brand',
      brand: { manufacturer_id: 2, name: 'Gates', image: '', link: '/gates' },
    });
    expect((await devicePageBySlug(db, 'brakes', guest))?.reply).toEqual({
      kind: 'category',
      category: { category_id: 5, name: 'Brakes', link: '/brakes' },
    });
    expect(await devicePageBySlug(db, 'part-4', guest)).toBeNull();
    expect(await devicePageBySlug(db, 'nothing-here', guest)).toBeNull();
  });

  it('lists enabled products with the filters, sorts and pages of the query', async () => {
    const db = await catalog();
    const names = async (q: Record<string, string>, only?: number[]) => {
      const reply = productsListReplySchema.parse(await deviceProducts(db, query(q), guest, only));
      return reply.products.map((p) => p.name);
    };
    expect(await names({})).toEqual(['Air Filter', 'Brake Pad', 'Brake Rotor', 'Wiper']);
    expect(await names({ sort: 'price', order: 'desc' })).toEqual(['Brake Rotor', 'Brake Pad', 'Wiper', 'Air Filter']);
    expect(await names({ manufacturer_id: '2' })).toEqual(['Air Filter']);
    expect(await names({ category_id: '5' })).toEqual(['Brake Pad', 'Brake Rotor']);
    expect(await names({ special: '1' })).toEqual(['Brake Pad']);
    expect(await names({ search: 'brake' })).toEqual(['Brake Pad', 'Brake Rotor']);
    // A search answered by the device index keeps the index's order under 'relevance'.
    expect(await names({ search: 'brake', sort: 'relevance' }, [3, 1, 4])).toEqual(['Brake Rotor', 'Brake Pad']);

    const page2 = await deviceProducts(db, query({ limit: '2', page: '2' }), guest);
    expect([page2.total_items, page2.total_pages, page2.page, page2.products.map((p) => p.name)]).toEqual([
      4,
      2,
      2,
      ['Brake Rotor', 'Wiper'],
    ]);
    expect(page2.products[0]).toMatchObject({ stock_status: 'distributor', stock_text: 'Ships in 5 days.' });
  });
});
