/**
 * Content blocks and marketing events on a phone (390 x 844) against the real server and client
 * build (docs/decisions/storefront.md "Content blocks", "Marketing events"): the home page's
 * server-rendered blocks and how each behaves (alert dismiss cookie, banner's mobile picture, flip
 * clock, video after a tap, read more, blog Show More, footer collapsibles, hero menu), the
 * pos_locked view, a blog post's page online and offline ("Blog post pages"), the search bar's
 * suggestion click, and the dataLayer events of a whole shopping path compared with the expected list.
 * Screenshots go to $E2E_SHOTS when it is set (./support/shots.ts). E2E_DIST serves another build than dist/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate, type TestDatabaseConfig } from '../support/engines';
import { runServer, type ServerProcess } from '../support/process';
import { CATALOG_CACHE } from '../../sw/cache-names';
import { launchBrowser } from './support/browser';
import { cachedUrls, waitFor, waitForServiceWorkerControl } from './support/service-worker';
import { shot } from './support/shots';

const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'dist');
const PHONE = { width: 390, height: 844 };

interface Listed {
  product_id: number;
  name: string;
  is_orderable: boolean;
  disable_pricing: boolean;
  requires_options: boolean;
  links: { view: string };
}

type Pushed = { event?: string; ecommerce?: Record<string, unknown> | null } & Record<string, unknown>;

describe('content blocks and marketing events on a phone', () => {
  let db: TestDatabaseConfig;
  let server: ServerProcess;
  let browser: Browser;

  const phonePage = async (): Promise<Page> =>
    (
      await browser.newContext({
        viewport: PHONE,
        locale: 'en-US',
        timezoneId: 'America/Chicago',
        serviceWorkers: 'block',
      })
    ).newPage();

  /** An admin's call (session cookie and CSRF token from a sign-in). */
  const asAdmin = async (method: string, url: string, body?: unknown) => {
    const login = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    db = await copyTemplate('pglite');
    [server, browser] = await Promise.all([
      runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '', STATIC_DIR: dist, SKIP_BUILD: '1' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.cleanup();
  });

  it('renders every content block in the first screen and each behaves', async () => {
    // The server's HTML already holds the blocks: a phone without JavaScript shows them.
    const bare = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const bareTab = await bare.newPage();
    const html = await (await bareTab.goto(`${server.url}/`))!.text();
    await shot(bareTab, 'content-home-no-js');
    await bare.close();
    for (const kind of [
      'alert_bar',
      'banner',
      'hero_menu',
      'countdown',
      'image_grid',
      'video',
      'read_more',
      'blog_list',
    ])
      expect(html, kind).toContain(`data-block="${kind}"`);

    const page = await phonePage();
    await page.goto(`${server.url}/`);
    // The app has replaced the server's markup once its controls are live.
    const readMore = page.getByRole('button', { name: 'Read more' });
    await expect.poll(() => readMore.isEnabled()).toBe(true);
    await shot(page, 'content-home-top');

    // Banner: the mobile picture below 768 px.
    const banner = page.locator('[data-block="banner"] img').first();
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/leveling-kits\.svg$/);

    // Banner: the overlay under the text, and the slides turn every `speed` seconds (6 in the demo).
    const bannerBlock = page.locator('[data-block="banner"]');
    expect(await bannerBlock.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--overlay'))).toBe('0.45');
    const current = bannerBlock.locator('button[aria-current="true"]');
    expect(await current.getAttribute('aria-label')).toMatch(/^Show slide 1 of /);
    await expect.poll(() => current.getAttribute('aria-label'), { timeout: 10_000 }).toMatch(/^Show slide 2 of /);

    // Image grid: the demo's tiles (no gallery mode) lead into the catalog.
    const grid = page.locator('[data-block="image_grid"]');
    expect(await grid.getByRole('link', { name: 'Cold Air Intakes' }).getAttribute('href')).toBe('/cold-air-intakes');

    // Hero menu leads into the catalog.
    expect(
      await page
        .getByRole('navigation', { name: 'Shop by category' })
        .getByRole('link', { name: 'Brakes' })
        .getAttribute('href'),
    ).toBe('/brakes');

    // Flip clock: the seconds tick.
    const seconds = page.locator('[data-block="countdown"] [data-unit="seconds"]');
    const first = await seconds.textContent();
    await expect.poll(() => seconds.textContent(), { timeout: 5000 }).not.toBe(first);

    // Read more / less.
    const about = page.locator('[data-block="read_more"]');
    const folded = (await about.textContent())!.length;
    await readMore.click();
    await page.getByRole('button', { name: 'Read less' }).waitFor();
    expect((await about.textContent())!.length).toBeGreaterThan(folded);
    expect(await page.getByRole('button', { name: 'Read less' }).getAttribute('aria-expanded')).toBe('true');

    // Video: nothing loads until the tap, then the player.
    expect(await page.locator('video').count()).toBe(0);
    await page.getByRole('button', { name: 'Play video: Inside our shop' }).click();
    // The demo's clip with its WebVTT captions as the default track.
    const track = page.locator('[data-block="video"] video track[kind="captions"]');
    expect(await track.getAttribute('src')).toBe('/video/partsdesk-shop.vtt');
    await expect
      .poll(() => page.locator('[data-block="video"] video').evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThan(0);
    expect(await page.locator('[data-block="video"]').getByText('This video cannot be played right now.').count()).toBe(
      0,
    );
    const cues = await (await fetch(`${server.url}/video/partsdesk-shop.vtt`)).text();
    expect(cues).toMatch(/^WEBVTT/);

    // Blog: 9 posts, Show More adds the other 5 and the button goes.
    const posts = page.locator('[data-block="blog_list"] li');
    expect(await posts.count()).toBe(9);
    await page.getByRole('button', { name: 'Show More' }).click();
    await expect.poll(() => posts.count()).toBe(14);
    expect(await page.getByRole('button', { name: 'Show More' }).count()).toBe(0);

    // Footer collapsibles: folded on a phone, open on a tap.
    const footer = page.locator('footer[data-block="footer"]');
    await footer.waitFor();
    const shop = footer.locator('details').first();
    expect(await shop.getAttribute('open')).toBeNull();
    await shop.locator('summary').click();
    await footer.getByRole('link', { name: 'Catalog' }).waitFor();
    await shot(page, 'content-home-full', { fullPage: true });

    // Alert bar: dismissed for its days by a cookie; the server then leaves it out.
    await page.getByRole('button', { name: 'Dismiss announcement' }).click();
    expect(await page.locator('[data-block="alert_bar"]').count()).toBe(0);
    const cookie = (await page.context().cookies()).find((c) => c.name.startsWith('pd_alert_'));
    expect(cookie?.value).toBe('1');
    const days = (cookie!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const reload = await page.goto(`${server.url}/`);
    expect(await reload!.text()).not.toContain('data-block="alert_bar"');
    await page.getByRole('button', { name: 'Read more' }).waitFor();
    expect(await page.locator('[data-block="alert_bar"]').count()).toBe(0);
    await page.context().close();
  });

  it('shows the locked view to shoppers when pos_locked is on', async () => {
    await asAdmin('POST', '/api/content/settings', { pos_locked: true });
    try {
      const page = await phonePage();
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { name: 'Our online store is closed' }).waitFor();
      await page.goto(`${server.url}/product/catalog`);
      await page.getByRole('heading', { name: 'Our online store is closed' }).waitFor();
      await shot(page, 'content-locked');
      await page.context().close();
    } finally {
      await asAdmin('POST', '/api/content/settings', { pos_locked: false });
    }
  });

  it('opens a blog post from the list, online and offline, and back to the list', async () => {
    const ctx = await browser.newContext({ viewport: PHONE, locale: 'en-US', timezoneId: 'America/Chicago' });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await waitForServiceWorkerControl(page);
    await expect.poll(() => page.getByRole('button', { name: 'Read more' }).isEnabled()).toBe(true);
    const card = page.locator('[data-block="blog_list"] li a').first();
    const title = (await card.locator('h3').textContent())!;
    const href = (await card.getAttribute('href'))!;
    await card.click();
    await page.waitForURL(`${server.url}${href}`);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await heading.waitFor();
    const post = page.locator('article[data-blog-post]');
    expect(await post.locator('p').count()).toBeGreaterThan(3);
    await shot(page, 'content-blog-post-phone', { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'content-blog-post-tablet');
    await page.setViewportSize(PHONE);

    // The server renders it for a fresh navigation too: readable with no script at all.
    const bare = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const bareTab = await bare.newPage();
    await bareTab.goto(`${server.url}${href}`);
    await bareTab.getByRole('heading', { level: 1, name: title }).waitFor();
    await bare.close();
    // An unknown url is still the not-found page.
    await page.goto(`${server.url}/blog-no-such-post`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    // Offline: the post opens from the service worker's copy of its read.
    await waitFor(
      async () => (await cachedUrls(page, CATALOG_CACHE)).some((u) => u.endsWith(`/api/products/page${href}`)),
      'blog post read cached',
    );
    await ctx.setOffline(true);
    try {
      await page.goto(`${server.url}${href}`);
      await heading.waitFor();
      await shot(page, 'content-blog-post-offline');
    } finally {
      await ctx.setOffline(false);
    }

    // Back to the blog list on the home page.
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await page.waitForURL(`${server.url}/#blog`);
    await page.locator('#blog[data-block="blog_list"]').waitFor();
    await ctx.close();
  });

  it('sends select_item for a part picked in the search suggestions', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/product/catalog`);
    const search = page.getByRole('combobox', { name: 'Search parts' });
    await search.waitFor();
    await search.fill('brake');
    const part = page.getByRole('group', { name: 'Parts' }).getByRole('option').first();
    await part.waitFor();
    const name = (await part.locator('span').first().textContent())!;
    await part.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const selected = () =>
      page.evaluate(() =>
        ((window as { dataLayer?: Pushed[] }).dataLayer ?? []).filter((e) => e.event === 'select_item'),
      );
    await expect.poll(async () => (await selected()).length).toBe(1);
    expect((await selected())[0]!.ecommerce).toMatchObject({
      item_list_id: 'search_suggestions',
      items: [expect.objectContaining({ item_name: name, index: 1, item_list_id: 'search_suggestions' })],
    });
    await page.context().close();
  });

  it('pushes the GA4 events of a whole shopping path onto dataLayer', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/product/catalog`);
    const list = (await (await fetch(`${server.url}/api/products/?page=1&limit=24&sort=name&order=asc`)).json()) as {
      products: Listed[];
    };
    const product = list.products.find((p) => p.is_orderable && !p.disable_pricing && !p.requires_options);
    if (!product) throw new Error('no plain product on the first catalog page');
    const index = list.products.indexOf(product);
    const link = page.locator(`article a[href="${product.links.view}"]`).first();
    await expect.poll(() => link.isVisible()).toBe(true);
    await page.getByRole('button', { name: /^Cart/ }).first().waitFor();
    await link.click();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.getByRole('button', { name: 'Added!' }).waitFor();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('dialog', { name: 'Shopping cart' }).getByRole('link', { name: 'View Cart' }).click();
    await page.waitForURL(/\/checkout\/cart$/);
    // One more, then one fewer: the server's add_to_cart / remove_from_cart, with the line's item.
    const qty = page.getByRole('spinbutton', { name: `Quantity of ${product.name}` });
    await qty.fill('2');
    await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();
    await qty.fill('1');
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout\/checkout$/);
    await page.getByLabel('First Name').fill('Pat');
    await page.getByLabel('Last Name').fill('Shopper');
    await page.getByLabel('E-Mail').fill('pat@example.com');
    await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await page.getByRole('heading', { name: 'Your order has been placed!' }).waitFor();
    const orderId = (await page.getByTestId('order-id').textContent())!.trim();

    const expected = [
      'view_item_list',
      'select_item',
      'view_item',
      'add_to_cart',
      'add_to_cart',
      'remove_from_cart',
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
      'purchase',
    ];
    const read = () =>
      page.evaluate(() =>
        ((window as { dataLayer?: Pushed[] }).dataLayer ?? []).filter(
          (e) => typeof e.event === 'string' && !e.event.startsWith('gtm.'),
        ),
      );
    await expect.poll(async () => (await read()).map((e) => e.event)).toEqual(expected);
    const events = await read();
    const items = (e: Pushed) => (e.ecommerce as { items: Record<string, unknown>[] }).items;
    const id = String(product.product_id);
    // Impressions of the catalog's first page, positions from 1; the click at the card's position.
    expect(items(events[0]!).length).toBe(list.products.length);
    expect(items(events[0]!)[0]).toMatchObject({ index: 1, item_list_id: 'catalog' });
    expect(items(events[1]!)).toEqual([expect.objectContaining({ item_id: id, index: index + 1 })]);
    expect(items(events[2]!)[0]).toMatchObject({ item_id: id, item_name: product.name });
    // The cart line's category levels (at most 4) and price come with add and remove.
    const added = items(events[3]!)[0]!;
    expect(added).toMatchObject({ item_id: id, quantity: 1, item_category: expect.any(String) });
    expect(typeof added.price).toBe('number');
    expect(Object.keys(added).filter((k) => k.startsWith('item_category')).length).toBeLessThanOrEqual(4);
    expect(items(events[5]!)[0]).toMatchObject({ item_id: id, quantity: 1 });
    // Checkout steps 2 and 3 at Confirm Order: pickup (the default), then the card.
    expect(events[7]!.ecommerce).toMatchObject({ shipping_tier: 'Pickup in store' });
    expect(events[8]!.ecommerce).toMatchObject({ payment_type: 'Card' });
    expect(events[9]!.ecommerce).toMatchObject({ transaction_id: orderId, currency: 'USD' });
    expect(items(events[9]!)).toEqual([expect.objectContaining({ item_id: id, quantity: 1 })]);
    // Each ecommerce event is preceded by { ecommerce: null } (the tag manager's advice).
    const raw = await page.evaluate(() => (window as { dataLayer?: Pushed[] }).dataLayer ?? []);
    const purchaseAt = raw.findIndex((e) => e.event === 'purchase');
    expect(raw[purchaseAt - 1]).toEqual({ ecommerce: null });
    // No tag manager configured: no outside script on the page.
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    await page.context().close();
  });
});
