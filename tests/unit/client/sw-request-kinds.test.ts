import { describe, expect, it } from 'vitest';
import { isSkipWaitingMessage, isSyncRequestedMessage } from '../../../sw/messages';
import { isPublicCatalogRead, isSameOriginImage, mayStoreReply, shellMayServe } from '../../../sw/request-kinds';

const origin = 'http://localhost:8080';
const url = (path: string) => new URL(path, origin);

describe('service worker: which navigations get the app shell', () => {
  it.each([
    '/',
    '/product/catalog',
    '/product/catalog?page=2&sort=price',
    '/pos/order',
    '/pos/order/view?order_id=1',
    '/pos/checkout',
    '/index.php?route=product/search&search=a.b',
    '/account/login?redirect=/pos/order',
    '/some-brand-slug',
    '/apiary', // a page whose name starts like a call prefix
  ])('serves the shell for %s', (path) => {
    expect(shellMayServe(path)).toBe(true);
  });

  it.each([
    '/api/order',
    '/api/products/?page=1',
    '/api',
    '/sync/push',
    '/sync/pull?cookie=3',
    '/healthz',
    '/ymm/json/years',
    '/catalog/index.php?route=ymm/json/years',
    '/robots.txt',
    '/sw.js',
    '/assets/index-abc.js.map',
    '/manifest.webmanifest',
    '/setup/device', // the server's own page (HTTPS set-up), not a client route
    '/setup/https-address',
    '/setup/shop-ca.crt',
  ])('never serves the shell for %s', (path) => {
    expect(shellMayServe(path)).toBe(false);
  });
});

describe('service worker: runtime cache routes', () => {
  it('caches public catalog reads (GET, same origin)', () => {
    expect(isPublicCatalogRead('GET', url('/api/products/?page=1&limit=24'), origin)).toBe(true);
    expect(isPublicCatalogRead('GET', url('/ymm/json/years'), origin)).toBe(true);
    expect(isPublicCatalogRead('GET', url('/ymm/json/models?Year=2010&MakeID=3'), origin)).toBe(true);
    // The home page's content, footer and blog pages (docs/decisions/storefront.md "Content blocks").
    expect(isPublicCatalogRead('GET', url('/api/content/page/home'), origin)).toBe(true);
    expect(isPublicCatalogRead('GET', url('/api/content/blog?page=2'), origin)).toBe(true);
    expect(isPublicCatalogRead('GET', url('/api/content/blocks'), origin)).toBe(false);
  });

  it.each([
    ['GET', '/api/order'],
    ['GET', '/api/session'],
    ['GET', '/api/customers'],
    ['GET', '/sync/pull?cookie=1'],
    ['POST', '/sync/push'],
    ['POST', '/api/products/'],
    ['GET', '/ymm/json/getVehicle'],
    ['GET', '/ymm/json/saveVehicle?year=2010'],
    ['GET', '/ymm/json/validateFitment?Parts=1'],
    ['POST', '/ymm/json/getCatalogDetails'],
  ])('never caches %s %s', (method, path) => {
    expect(isPublicCatalogRead(method, url(path), origin)).toBe(false);
  });

  it('ignores other origins', () => {
    expect(isPublicCatalogRead('GET', new URL('https://evil.example/api/products/'), origin)).toBe(false);
    expect(isSameOriginImage('image', new URL('https://cdn.example/p.jpg'), origin)).toBe(false);
  });

  it('caches same-origin images only', () => {
    expect(isSameOriginImage('image', url('/media/p/1.jpg'), origin)).toBe(true);
    expect(isSameOriginImage('', url('/media/p/1.jpg'), origin)).toBe(false);
  });

  it('stores only 200 replies the server did not mark private or no-store', () => {
    expect(mayStoreReply(200, null)).toBe(true);
    expect(mayStoreReply(200, 'no-cache')).toBe(true);
    expect(mayStoreReply(200, 'private, max-age=0')).toBe(false);
    expect(mayStoreReply(200, 'max-age=0, no-store')).toBe(false);
    expect(mayStoreReply(206, null)).toBe(false);
    expect(mayStoreReply(500, null)).toBe(false);
    expect(mayStoreReply(0, null)).toBe(false);
  });
});

describe('service worker messages', () => {
  it('recognises its own messages only', () => {
    expect(isSyncRequestedMessage({ type: 'sync-requested' })).toBe(true);
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true);
    for (const other of [null, undefined, 'SKIP_WAITING', { type: 'sync' }, { kind: 'sync-requested' }]) {
      expect(isSyncRequestedMessage(other)).toBe(false);
      expect(isSkipWaitingMessage(other)).toBe(false);
    }
  });
});

describe('service worker: listings narrowed to a vehicle', () => {
  it('stores a private listing only when it names its vehicle; never staff replies or no-store', async () => {
    const { mayStoreCatalogReply } = await import('../../../sw/request-kinds');
    expect(mayStoreCatalogReply(200, null, null)).toBe(true);
    expect(mayStoreCatalogReply(200, 'private, no-cache', 'abc')).toBe(true);
    expect(mayStoreCatalogReply(200, 'private, no-cache', null)).toBe(false);
    expect(mayStoreCatalogReply(200, 'no-store', 'abc')).toBe(false);
    expect(mayStoreCatalogReply(500, null, 'abc')).toBe(false);
  });

  it('files a listing under its vehicle key as a query parameter (the Cache API ignores fragments)', async () => {
    const { isListing, keyedUrl } = await import('../../../sw/vehicle-key');
    expect(isListing(`${origin}/api/products/?page=1`)).toBe(true);
    expect(isListing(`${origin}/api/products/page/x`)).toBe(false);
    expect(keyedUrl(`${origin}/api/products/?page=1`, '')).toBe(`${origin}/api/products/?page=1`);
    expect(keyedUrl(`${origin}/api/products/?page=1`, 'k-1')).toBe(`${origin}/api/products/?page=1&__vehicle=k-1`);
  });

  it('keeps the shopper\'s store in a listing\'s key: one copy per store (docs/decisions/storefront.md "Stock on cards and in the cart")', async () => {
    const { keyedUrl } = await import('../../../sw/vehicle-key');
    const at = (store: number) => `${origin}/api/products/?page=1&store=${store}`;
    expect(isPublicCatalogRead('GET', new URL(at(1)), origin)).toBe(true);
    expect(keyedUrl(at(1), 'k-1')).toBe(`${at(1)}&__vehicle=k-1`);
    expect(keyedUrl(at(1), 'k-1')).not.toBe(keyedUrl(at(2), 'k-1'));
    expect(keyedUrl(at(1), '')).not.toBe(keyedUrl(`${origin}/api/products/?page=1`, ''));
  });
});
