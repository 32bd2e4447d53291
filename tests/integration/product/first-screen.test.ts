/**
 * A navigation to the catalog, a product link or the dealer locator page gets its first screen (server/http/first-screen.ts):
 * the page's first API reply embedded exactly as the API answers this caller, the renderer's
 * markup in #root, the app's code started after the first paint, and never a shared-cacheable
 * page (the reply follows the session: prices behind a login, staff prices).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocatorResponse } from '../../../src/contracts/dealer-locator';
import {
  CATALOG_FIRST_PATH,
  FIRST_DATA_ELEMENT_ID,
  LOCATOR_FIRST_PATH,
  productPagePath,
} from '../../../src/contracts/first-screen';
import type { ProductsListReply } from '../../../src/contracts/products-list';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { startProductServer, type ProductServer } from './support';

/** The shape of the built index.html that the server fills in (markers, entry, preload, inline script's list). */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <script>var slugModules = ["/assets/slug-page-1.js","/assets/slug-page-1.css"];</script>
    <script>var locatorModules = ["/assets/locator-page-1.js","/assets/locator-page-1.css"];</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"><!--first-screen--><div>Partsdesk</div><!--/first-screen--></div>
  </body>
</html>
`;

/** A stand-in for the build's SSR bundle: names what it was given. */
const RENDERER = `export const renderer = {
  render(input) {
    if (globalThis.__pdRenderFails) throw new Error('renderer failed');
    if (input.status === 404) return '<div class="shell"><h1>Page not found</h1></div>';
    const b = input.body;
    const name = b.kind === 'product'
      ? b.product.name
      : b.data
        ? b.data.locations.map((l) => l.location_name).join('|')
        : b.products.map((p) => p.name).join('|');
    return '<div class="shell"><h1>' + name.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</h1></div>';
  },
};
`;

describe.each(testEngines())('first screen of catalog and product pages on %s', (engine) => {
  let server: ProductServer;
  let guest: TestClient;
  let first: { product_id: number; name: string; links: { view: string } };

  const navigate = (url: string, cookie = '', encoding = '') =>
    server.app.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'text/html',
        'sec-fetch-mode': 'navigate',
        ...(cookie ? { cookie } : {}),
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
    });
  /** The embedded reply and the read it answers, or null when the page carries none. */
  const embedded = (html: string): { path: string; body: unknown; status: string | null } | null => {
    const m = new RegExp(
      `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}" data-path="([^"]*)"(?: data-status="(\\d+)")?>(.*?)</script>`,
      's',
    ).exec(html);
    return m ? { path: m[1]!.replace(/&amp;/g, '&'), body: JSON.parse(m[3]!) as unknown, status: m[2] ?? null } : null;
  };
  const setSetting = async (key: string, value: unknown) => {
    await server.db.deleteFrom('settings').where('key', '=', key).execute();
    if (value !== undefined)
      await server.db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .execute();
  };

  beforeAll(async () => {
    server = await startProductServer(engine);
    fs.writeFileSync(path.join(server.staticDir, 'index.html'), TEMPLATE);
    fs.mkdirSync(path.join(server.staticDir, 'ssr'));
    fs.writeFileSync(path.join(server.staticDir, 'ssr', 'first-screen.js'), RENDERER);
    guest = new TestClient(server.url);
    first = (await guest.get('/api/products/?limit=1')).body.products[0];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('embeds the catalog reply the API gives, renders it, and starts the app after the first paint', async () => {
    const r = await navigate('/product/catalog');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('private, no-cache');
    const data = embedded(r.body);
    expect(data?.path).toBe(CATALOG_FIRST_PATH);
    expect(data?.body).toEqual((await guest.get(CATALOG_FIRST_PATH)).body);
    const names = (data?.body as ProductsListReply).products.map((p) => p.name);
    expect(names).toHaveLength(24);
    // The markup in #root, inert until the app replaces it; the brand bar is gone.
    expect(r.body).toContain(`<div id="root"><!--first-screen--><div inert class="shell"><h1>`);
    expect(r.body).not.toContain('<div>Partsdesk</div>');
    expect(r.body).toContain(
      `<html data-first-screen="${CATALOG_FIRST_PATH.replace(/&/g, '&amp;')}" data-first-screen-markup lang="en">`,
    );
    // The entry and its preload leave the head; a script after the data starts them.
    expect(r.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(r.body).toContain('requestAnimationFrame');
    expect(r.body).toContain('s.src = "/assets/index-1.js"');
    expect(r.body).toContain('["/assets/runtime-1.js"]');
    // The catalog needs no product-route stylesheet.
    expect(r.body).not.toContain('<link rel="stylesheet" crossorigin href="/assets/slug-page-1.css">');
  });

  it("embeds a product page's reply with its route's stylesheet", async () => {
    const slug = first.links.view.slice(1);
    const r = await navigate(first.links.view);
    expect(r.headers['cache-control']).toBe('private, no-cache');
    const data = embedded(r.body);
    expect(data?.path).toBe(productPagePath(slug));
    expect(data?.body).toEqual((await guest.get(productPagePath(slug))).body);
    expect(r.body).toContain(`<h1>${first.name.replace(/&/g, '&amp;')}</h1>`);
    expect(r.body).toContain('<link rel="stylesheet" crossorigin href="/assets/slug-page-1.css">');
  });

  it("embeds the dealer locator page's store list with its stylesheet, not for a filtered or other index.php page", async () => {
    const r = await navigate('/index.php?route=module/dealer_locator');
    expect(r.headers['cache-control']).toBe('private, no-cache');
    const data = embedded(r.body);
    expect(data?.path).toBe(LOCATOR_FIRST_PATH);
    expect(data?.body).toEqual((await guest.get(LOCATOR_FIRST_PATH)).body);
    const names = (data?.body as LocatorResponse).data.locations.map((l) => l.location_name);
    expect(names.length).toBeGreaterThan(1);
    expect(r.body).toContain(`<h1>${names.join('|')}</h1>`);
    expect(r.body).toContain('<link rel="stylesheet" crossorigin href="/assets/locator-page-1.css">');
    expect(r.body).not.toContain('slug-page-1.css">');
    expect(embedded((await navigate('/index.php?route=module/dealer_locator/')).body)?.path).toBe(LOCATOR_FIRST_PATH);
    // A remembered filter chip, a search in the URL, or another index.php page: the plain shell.
    for (const [url, cookie] of [
      ['/index.php?route=module/dealer_locator', 'locator_filter=service_center'],
      ['/index.php?route=module/dealer_locator&search=78745', ''],
      ['/index.php?route=product/search&search=brake', ''],
    ] as const) {
      const plain = await navigate(url, cookie);
      expect(embedded(plain.body), url).toBeNull();
      expect(plain.body).toContain('<div>Partsdesk</div>');
    }
  });

  it('embeds any text intact and inert: no closing script tag, no replacement patterns expanded', async () => {
    const before = await server.db
      .selectFrom('products')
      .select('description')
      .where('product_id', '=', first.product_id)
      .executeTakeFirstOrThrow();
    const text = "Save $$ and $' or $& <!-- here --> </script><script>window.pwned = 1</script> \u2028 end";
    await server.db
      .updateTable('products')
      .set({ description: text })
      .where('product_id', '=', first.product_id)
      .execute();
    try {
      const r = await navigate(first.links.view);
      expect(r.body).not.toContain('</script><script>window.pwned');
      const data = embedded(r.body)?.body as { product: { description: string } };
      expect(data.product.description).toBe(text);
      expect(data).toEqual((await guest.get(productPagePath(first.links.view.slice(1)))).body);
      // The rest of the page is where it belongs.
      expect(r.body.trimEnd().endsWith('</html>')).toBe(true);
    } finally {
      await server.db
        .updateTable('products')
        .set({ description: before.description })
        .where('product_id', '=', first.product_id)
        .execute();
    }
  });

  it('embeds what this caller may see: no prices for a guest when they need a login, prices for the shopper', async () => {
    await setSetting('customer_price', true);
    try {
      const asGuest = embedded((await navigate('/product/catalog')).body)?.body as ProductsListReply;
      expect(asGuest).toEqual((await guest.get(CATALOG_FIRST_PATH)).body);
      expect(asGuest.products.every((p) => p.price === null && p.msrp === null && p.price_login_required)).toBe(true);

      const shopper = new TestClient(server.url);
      expect((await shopper.login('shopper@example.com', 'shopper')).status).toBe(200);
      const page = await navigate('/product/catalog', shopper.sessionCookie);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      const asShopper = embedded(page.body)?.body as ProductsListReply;
      expect(asShopper).toEqual((await shopper.get(CATALOG_FIRST_PATH)).body);
      expect(asShopper.products.every((p) => !p.price_login_required && p.logged_in)).toBe(true);
      expect(asShopper.products.filter((p) => /^\d+\.\d{2}$/.test(p.price ?? '')).length).toBeGreaterThan(20);

      // The guest's product page likewise carries no price.
      const product = embedded((await navigate(first.links.view)).body)?.body as {
        kind: string;
        product: { price: string | null; price_login_required: boolean };
      };
      expect(product.product).toMatchObject({ price: null, price_login_required: true });
    } finally {
      await setSetting('customer_price', undefined);
    }
  });

  it('gives staff their own page (their prices), private like every first screen', async () => {
    const admin = new TestClient(server.url);
    await admin.login('admin', 'admin');
    const r = await navigate(first.links.view, admin.sessionCookie);
    expect(r.headers['cache-control']).toBe('private, no-cache');
    expect(embedded(r.body)?.body).toEqual((await admin.get(productPagePath(first.links.view.slice(1)))).body);
  });

  it.each(['/product/catalog?page=2', '/product/catalog?fits=1', '/pos/order', '/checkout/cart'])(
    'serves the plain shell to %s',
    async (url) => {
      const r = await navigate(url);
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toBe(TEMPLATE);
    },
  );

  it("answers a link to nothing 404 with the not-found page and the API's own 404 reply", async () => {
    const slug = 'no-such-product-anywhere';
    const r = await navigate(`/${slug}`);
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('private, no-cache');
    expect(r.body).toContain('<div id="root"><!--first-screen--><div inert class="shell"><h1>Page not found</h1>');
    const api = await guest.get(productPagePath(slug));
    expect(api.status).toBe(404);
    // Embedded as a 404, so the client shows the not-found page without asking again.
    expect(embedded(r.body)).toEqual({ path: productPagePath(slug), body: api.body, status: '404' });
    // The not-found page is the entry's own: no product-route stylesheet.
    expect(r.body).not.toContain('<link rel="stylesheet" crossorigin href="/assets/slug-page-1.css">');
    // Still 404 when the renderer fails: the data and the usual shell.
    const flag = globalThis as { __pdRenderFails?: boolean };
    flag.__pdRenderFails = true;
    try {
      const plain = await navigate(`/${slug}`);
      expect(plain.statusCode).toBe(404);
      expect(embedded(plain.body)?.status).toBe('404');
    } finally {
      delete flag.__pdRenderFails;
    }
    // A link no slug can be (the API answers 400): the same page, nothing embedded.
    for (const url of ['/not%20a%20link', '/not_a_link']) {
      const bad = await navigate(url);
      expect(bad.statusCode, url).toBe(404);
      expect(bad.body).toContain('<h1>Page not found</h1>');
      expect(embedded(bad.body), url).toBeNull();
    }
  });

  it('does not serve the renderer itself', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/ssr/first-screen.js' })).statusCode).toBe(404);
  });

  it('compresses the page for a browser that accepts it', async () => {
    const plain = (await navigate('/product/catalog')).body;
    const br = await navigate('/product/catalog', '', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await navigate('/product/catalog', '', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('still embeds the data when the renderer fails, with the brand bar and the usual script', async () => {
    const flag = globalThis as { __pdRenderFails?: boolean };
    flag.__pdRenderFails = true;
    try {
      const r = await navigate('/product/catalog');
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('private, no-cache');
      expect(embedded(r.body)?.path).toBe(CATALOG_FIRST_PATH);
      expect(r.body).toContain('<div id="root"><!--first-screen--><div>Partsdesk</div><!--/first-screen--></div>');
      expect(r.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      expect(r.body).not.toContain('data-first-screen-markup');
    } finally {
      delete flag.__pdRenderFails;
    }
  });
});
