import { describe, expect, it } from 'vitest';
import { catalogQueryFromUrl, SORT_OPTIONS, sortValue } from '../../../src/storefront/catalog/catalog-params';
import { orderNumberLabel, orderViewHref, ordersQueryFromUrl } from '../../../src/pos/orders/orders-params';

describe('catalog query from the URL', () => {
  it('uses the contract defaults when nothing is given', () => {
    expect(catalogQueryFromUrl(new URLSearchParams())).toMatchObject({
      page: 1,
      limit: 24,
      sort: 'name',
      order: 'asc',
    });
  });

  it('reads page, sort, order and search', () => {
    const q = catalogQueryFromUrl(new URLSearchParams('page=3&sort=price&order=desc&search=brake'));
    expect(q).toMatchObject({ page: 3, sort: 'price', order: 'desc', search: 'brake' });
    expect(sortValue(q)).toBe('price-desc');
  });

  it('survives a hand-edited link', () => {
    const q = catalogQueryFromUrl(new URLSearchParams(`page=-2&sort=bogus&search=${'x'.repeat(150)}`));
    expect(q).toMatchObject({ page: 1, sort: 'name' });
    expect(q.search).toBeUndefined();
  });

  it('offers only sorts the server accepts', () => {
    for (const o of SORT_OPTIONS) expect(o.value).toBe(`${o.sort}-${o.order}`);
  });
});

describe('orders query from the URL', () => {
  it('defaults to the All tab, newest first, 20 a page', () => {
    expect(ordersQueryFromUrl(new URLSearchParams())).toEqual({
      status: 'all',
      page: 1,
      sort: 'o.date_added',
      order: 'desc',
      limit: 20,
    });
  });

  it('reads the tab and page, ignoring unknown values', () => {
    expect(ordersQueryFromUrl(new URLSearchParams('status=outstanding_balance&page=4'))).toMatchObject({
      status: 'outstanding_balance',
      page: 4,
    });
    expect(ordersQueryFromUrl(new URLSearchParams('status=nope&page=x'))).toMatchObject({ status: 'all', page: 1 });
  });

  it('labels an order by its number, or Pending before the server numbers it', () => {
    expect(orderNumberLabel({ order_id: 1042 })).toBe('#1042');
    expect(orderNumberLabel({ order_id: null })).toBe('Pending');
    expect(orderViewHref({ order_id: 1042, id: 'u' })).toBe('/pos/order/view?order_id=1042');
    expect(orderViewHref({ order_id: null, id: '0190-abc' })).toBe('/pos/order/view?order_id=0190-abc');
  });
});
