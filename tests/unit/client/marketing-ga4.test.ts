/**
 * The marketing events' GA4 mapping (src/features/marketing/ga4.ts; docs/decisions/storefront.md
 * "Marketing events"): item fields, at most 4 category levels (§9), list positions, values in
 * cents, checkout steps, purchase and refund, and the non-ecommerce events.
 */
import { describe, expect, it } from 'vitest';
import * as ga4 from '../../../src/features/marketing/ga4';
import { listOf, positionOf, SEARCH_SUGGESTIONS } from '../../../src/features/marketing/lists';
import { refundsToSend } from '../../../src/features/marketing/refund-events';

const pads: ga4.ItemSource = {
  product_id: 42,
  name: 'Ceramic Brake Pad Set',
  brand: 'Stopwell',
  price: '39.99',
  categories: ['Brakes', 'Brake Pads', 'Front', 'Ceramic', 'Extra'],
  quantity: 2,
};

describe('GA4 marketing events', () => {
  it('maps a product to an item with at most 4 category levels', () => {
    expect(ga4.toItem(pads)).toEqual({
      item_id: '42',
      item_name: 'Ceramic Brake Pad Set',
      item_brand: 'Stopwell',
      item_category: 'Brakes',
      item_category2: 'Brake Pads',
      item_category3: 'Front',
      item_category4: 'Ceramic',
      price: 39.99,
      quantity: 2,
    });
    // No price for a shopper who may not see it; no categories, no brand: fields left out.
    expect(ga4.toItem({ product_id: 1, name: 'X', price: null })).toEqual({
      item_id: '1',
      item_name: 'X',
      quantity: 1,
    });
    expect(ga4.amount('abc')).toBeUndefined();
  });

  it('sends list impressions and clicks with positions', () => {
    const list = { id: 'catalog', name: 'Catalog' };
    const e = ga4.viewItemList(list, [pads, { product_id: 7, name: 'Rotor', price: '80.00' }], 25);
    expect(e.event).toBe('view_item_list');
    expect(e.ecommerce).toMatchObject({ item_list_id: 'catalog', item_list_name: 'Catalog' });
    const items = (e.ecommerce as { items: ga4.Ga4Item[] }).items;
    expect(items.map((i) => [i.item_id, i.index, i.item_list_id])).toEqual([
      ['42', 25, 'catalog'],
      ['7', 26, 'catalog'],
    ]);
    expect(ga4.selectItem(list, pads, 3)).toMatchObject({
      event: 'select_item',
      ecommerce: { item_list_id: 'catalog', items: [{ item_id: '42', index: 3, item_list_name: 'Catalog' }] },
    });
  });

  it('positions search results like the click analytics (§9) and other lists across pages', () => {
    expect(listOf('Search - pads', { search: 'pads', page: 2, limit: 8 })).toEqual({
      id: 'search_results',
      name: 'Search Results',
    });
    expect(positionOf({ search: 'pads', page: 2, limit: 8 }, 0)).toBe(16);
    expect(positionOf({ page: 3, limit: 24 }, 1)).toBe(50);
    expect(listOf('Brakes', { category_id: 5, page: 1, limit: 24 })).toEqual({ id: 'category_5', name: 'Brakes' });
    expect(listOf('Specials', { special: '1', page: 1, limit: 24 }).id).toBe('specials');
    expect(listOf('Catalog', { page: 1, limit: 24 }).id).toBe('catalog');
  });

  it('values cart events as price x quantity without float noise', () => {
    expect(ga4.addToCart({ product_id: 1, name: 'A', price: '0.10', quantity: 3 }).ecommerce).toMatchObject({
      currency: 'USD',
      value: 0.3,
    });
    expect(ga4.removeFromCart(pads)).toMatchObject({ event: 'remove_from_cart', ecommerce: { value: 79.98 } });
    expect(ga4.addToWishlist(pads).event).toBe('add_to_wishlist');
    expect(ga4.viewItem({ ...pads, quantity: undefined }).ecommerce).toMatchObject({ value: 39.99 });
  });

  it('names the checkout steps GA4 knows and keeps the tag manager step otherwise (§4)', () => {
    const lines = [pads];
    expect(ga4.beginCheckout(lines)).toMatchObject({ event: 'begin_checkout', ecommerce: { value: 79.98 } });
    expect(ga4.checkoutProgress(1, 'Login', lines)).toMatchObject({
      event: 'checkout_progress',
      ecommerce: { checkout_step: 1, checkout_option: 'Login', value: 79.98 },
    });
    expect(ga4.checkoutProgress(2, 'Pickup in store', lines)).toMatchObject({
      event: 'add_shipping_info',
      ecommerce: { shipping_tier: 'Pickup in store' },
    });
    expect(ga4.checkoutProgress(3, 'Card', lines)).toMatchObject({
      event: 'add_payment_info',
      ecommerce: { payment_type: 'Card' },
    });
  });

  it('sends purchase and refund with the order number', () => {
    expect(ga4.purchase({ order_id: 1042, total: '86.38', tax: '6.40', lines: [pads] })).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: '1042',
        currency: 'USD',
        value: 86.38,
        tax: 6.4,
        shipping: 0,
        items: [ga4.toItem(pads)],
      },
    });
    expect(ga4.refund(1042, '86.38')).toEqual({
      event: 'refund',
      ecommerce: { transaction_id: '1042', currency: 'USD', value: 86.38 },
    });
  });

  it('sends search, sign up, contact and find location without ecommerce', () => {
    expect(ga4.search('brake pads')).toEqual({ event: 'search', search_term: 'brake pads' });
    expect(ga4.signUp()).toEqual({ event: 'sign_up', method: 'storefront' });
    expect(ga4.contact(42, '2')).toEqual({
      event: 'generate_lead',
      lead_source: 'contact',
      item_id: '42',
      location: '2',
    });
    // A custom form page and the schedule appointment modal are contacts too, named by their form.
    expect(ga4.contact(null, '', { id: 7, name: 'parts-request' })).toEqual({
      event: 'generate_lead',
      lead_source: 'contact',
      location: '',
      form_id: '7',
      form_name: 'parts-request',
    });
    expect(ga4.contact(null, '3', { name: 'schedule_appointment' })).toEqual({
      event: 'generate_lead',
      lead_source: 'contact',
      location: '3',
      form_name: 'schedule_appointment',
    });
    expect(ga4.findLocation(3, 'Main St')).toEqual({
      event: 'find_location',
      location_id: '3',
      location_name: 'Main St',
    });
  });

  it('a search suggestion click is select_item of the suggestions list at its position', () => {
    const e = ga4.selectItem(SEARCH_SUGGESTIONS, { product_id: 7, name: 'Pads', brand: 'Stopwell', price: null }, 2);
    expect(e).toMatchObject({
      event: 'select_item',
      ecommerce: {
        item_list_id: 'search_suggestions',
        items: [
          { item_id: '7', item_name: 'Pads', item_brand: 'Stopwell', index: 2, item_list_id: 'search_suggestions' },
        ],
      },
    });
  });

  it('sends each listed return once, oldest order first, remembering the newest 200', () => {
    const order = (order_id: number, ids: string[]) => ({
      order_id,
      date_added: '2026-11-01T00:00:00.000Z',
      order_status_id: 9,
      order_status: 'Complete',
      total_text: '$1.00',
      total_items: 1,
      fulfilment: 'pickup' as const,
      store: 'Main',
      refunds: ids.map((refund_id) => ({ refund_id, total: '1.00', items: [] })),
    });
    const orders = [order(2, ['c']), order(1, ['a', 'b'])];
    const first = refundsToSend(orders, []);
    expect(first.send.map((r) => [r.orderId, r.refund_id])).toEqual([
      [1, 'a'],
      [1, 'b'],
      [2, 'c'],
    ]);
    expect(refundsToSend(orders, first.remember).send).toEqual([]);
    const old = Array.from({ length: 200 }, (_, i) => `old${i}`);
    const later = refundsToSend([order(3, ['d'])], old);
    expect(later.remember).toHaveLength(200);
    expect(later.remember.at(-1)).toBe('d');
  });
});
