/**
 * The shopper's cart, compare, wishlist and checkout on a phone (390 x 844) against the real server
 * and client build: compare two products from their product pages and add them to the cart from
 * the compare table, the header popout with totals, the cart page (quantity change, offline state,
 * removing the last item -> the empty cart page), checkout to an order number after a declined
 * card, and a customer's wishlist.
 * E2E_DIST serves another build than dist/ (helpers building in parallel keep theirs apart).
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate, type TestDatabaseConfig } from '../support/engines';
import { runServer, type ServerProcess } from '../support/process';
import { launchBrowser } from './support/browser';

const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'dist');
const PHONE = { width: 390, height: 844 };

interface Listed {
  product_id: number;
  name: string;
  is_orderable: boolean;
  disable_pricing: boolean;
  links: { view: string };
}

describe('storefront cart, compare, wishlist and checkout on a phone', () => {
  let db: TestDatabaseConfig;
  let server: ServerProcess;
  let browser: Browser;
  let plain: Listed[];

  // No service worker: its 'new version' prompt after a reload would sit over the buttons under test.
  const phonePage = async (): Promise<Page> =>
    (
      await browser.newContext({
        viewport: PHONE,
        locale: 'en-US',
        timezoneId: 'America/Chicago',
        serviceWorkers: 'block',
      })
    ).newPage();
  beforeAll(async () => {
    db = await copyTemplate('pglite');
    [server, browser] = await Promise.all([
      runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '', STATIC_DIR: dist, SKIP_BUILD: '1' }),
      launchBrowser(),
    ]);
    // Orderable, priced, no options, in stock: what the compare table's Add to Cart can add.
    const list = (await (await fetch(`${server.url}/api/products/?limit=100`)).json()) as { products: Listed[] };
    plain = [];
    for (const p of list.products.filter((x) => x.is_orderable && !x.disable_pricing)) {
      const probe = (await (
        await fetch(`${server.url}/product/compare/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ product_id: p.product_id }),
        })
      ).json()) as {
        products: { requires_options: boolean; stock_text: string }[];
      };
      const row = probe.products[0];
      if (
        row &&
        !row.requires_options &&
        /^\d+ in Stock$/.test(row.stock_text) &&
        Number(row.stock_text.split(' ')[0]) >= 5
      )
        plain.push(p);
      if (plain.length === 2) break;
    }
    if (plain.length < 2) throw new Error('the demo catalog has no two plain products in stock');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.cleanup();
  });

  it('compares two products, adds them to the cart, edits the cart and empties it', async () => {
    const [a, b] = plain as [Listed, Listed];
    const page = await phonePage();
    await page.goto(`${server.url}/product/compare`);
    await expect.poll(() => page.getByText('You have not chosen any products to compare.').isVisible()).toBe(true);
    // Both from their product pages' Compare buttons.
    for (const p of [a, b]) {
      await page.goto(`${server.url}${p.links.view}`);
      await page.getByRole('button', { name: 'Compare this Product' }).click();
      await page.getByRole('button', { name: 'In Compare' }).waitFor();
    }
    await page.goto(`${server.url}/product/compare`);
    const table = page.getByRole('table', { name: /compared side by side/ });
    await table.getByRole('link', { name: a.name }).waitFor();
    await table.getByRole('link', { name: b.name }).waitFor();

    await page.getByRole('button', { name: `Add ${a.name} to cart` }).click();
    await page.getByText(`Success: You have added ${a.name} to your shopping cart!`).first().waitFor();
    // The success toast sits over the bottom of a phone screen: close it as a shopper would.
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('button', { name: 'Close' })
      .first()
      .click();
    await page.getByRole('button', { name: `Add ${b.name} to cart` }).click();
    await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();

    // The header popout: both rows and the totals table.
    await page.getByRole('button', { name: 'Cart, 2 items' }).click();
    const popout = page.getByRole('dialog', { name: 'Shopping cart' });
    await popout.getByText(a.name).waitFor();
    await popout.getByRole('table', { name: 'Cart totals' }).getByText('Total', { exact: true }).waitFor();
    await popout.getByRole('link', { name: 'View Cart' }).click();
    await page.waitForURL(/\/checkout\/cart$/);

    // Quantity 3 for the first product: the line total and the badge follow.
    const qty = page.getByRole('spinbutton', { name: `Quantity of ${a.name}` });
    await qty.fill('3');
    await page.getByRole('button', { name: 'Cart, 4 items' }).waitFor();
    const totals = page.getByRole('table', { name: 'Cart totals' });
    expect(await totals.getByRole('row').count()).toBeGreaterThanOrEqual(3);

    // Offline: the cart stays as last seen, says so, and its controls wait for the network.
    await page.context().setOffline(true);
    await page.getByText('You are offline: this is your cart as last seen. Changes need a connection.').waitFor();
    expect(await qty.isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await expect.poll(() => qty.isDisabled()).toBe(false);

    // Remove both: the last one lands on the empty cart page.
    await page.getByRole('button', { name: `Remove ${a.name}` }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await page.getByRole('button', { name: `Remove ${b.name}` }).click();
    await page.getByText('The shopping cart is empty.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout/cart');
    await page.context().close();
  });

  it('keeps a compare add when the page-load read of the compare list answers after it', async () => {
    const [a] = plain as [Listed, Listed];
    const page = await phonePage();
    // The list read the page starts at load is held back until the add has answered: its older
    // (empty) list must not overwrite the add's reply (on a slow link it did, and the button went
    // back to 'Compare this Product').
    let releaseRead: () => void = () => undefined;
    const readHeld = new Promise<void>((r) => (releaseRead = r));
    const read: { delivered?: Promise<void> } = {};
    await page.route('**/product/compare/getCompare*', (route) => {
      if (read.delivered) return route.continue();
      read.delivered = (async () => {
        const reply = await route.fetch();
        await readHeld;
        // The page may have cancelled the read meanwhile (that is the fix): nothing to deliver then.
        await route.fulfill({ response: reply }).catch(() => undefined);
      })();
      return read.delivered;
    });
    await page.goto(`${server.url}${a.links.view}`);
    const added = page.waitForResponse((r) => r.url().includes('/product/compare/add') && r.ok());
    await page.getByRole('button', { name: 'Compare this Product' }).click();
    await added;
    await page.getByRole('button', { name: 'In Compare' }).waitFor();
    expect(read.delivered).toBeDefined();
    releaseRead();
    await read.delivered;
    // Two frames after the old list arrived: the button still says the product is compared.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.getByRole('button', { name: 'In Compare' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('checks out to an order number, showing a declined card under the button first', async () => {
    const [a] = plain as [Listed];
    const page = await phonePage();
    await page.goto(`${server.url}${a.links.view}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.getByRole('button', { name: 'Added!' }).waitFor();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('dialog', { name: 'Shopping cart' }).getByRole('link', { name: 'View Cart' }).click();
    await page.waitForURL(/\/checkout\/cart$/);
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout\/checkout$/);
    await page.getByLabel('First Name').fill('Pat');
    await page.getByLabel('Last Name').fill('Shopper');
    await page.getByLabel('E-Mail').fill('pat@example.com');
    await page.getByLabel('Card Number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await page.getByRole('alert').getByText('Card declined').waitFor();
    await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await page.getByRole('heading', { name: 'Your order has been placed!' }).waitFor();
    expect(Number(await page.getByTestId('order-id').textContent())).toBeGreaterThan(0);
    await page
      .getByRole('link', { name: 'Cart, 0 items' })
      .or(page.getByRole('button', { name: 'Cart, 0 items' }))
      .waitFor();
    await page.context().close();
  });

  it('keeps a wishlist for a signed-in customer', async () => {
    const [a] = plain as [Listed];
    const page = await phonePage();
    await page.goto(`${server.url}/account/wishlist`);
    await page.getByText('Log in or create an account to keep a wishlist.').waitFor();
    // A guest's cart kept for offline is not the customer's: signing in drops it.
    await page.evaluate(() => localStorage.setItem('partsdesk.shop-cart', '{"products":[],"logged_in":false}'));
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/account\/login\?redirect=%2Faccount%2Fwishlist$/);
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill('shopper');
    // The header's cart fetch after sign-in fails (flaky network): it cannot overwrite the kept
    // cart, so only the sign-in itself can have dropped the guest's.
    const cartFetch = '**/checkout/cart/getData*';
    await page.route(cartFetch, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/account\/wishlist$/);
    await page.getByText('Your wishlist is empty.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('partsdesk.shop-cart'))).toBeNull();
    await page.unroute(cartFetch);
    // A tap before GET /api/session answers (held here until the tap is made, as a slow link or a
    // busy phone holds it) is decided on the answer: the customer stays, the product is added.
    let releaseSession = () => {};
    const sessionHeld = new Promise<void>((r) => (releaseSession = r));
    await page.route('**/api/session', async (route) => {
      await sessionHeld;
      await route.continue();
    });
    await page.goto(`${server.url}${a.links.view}`);
    await page.getByRole('button', { name: 'Add to Wishlist' }).click();
    releaseSession();
    await page.getByRole('button', { name: 'In Wishlist' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(a.links.view);
    await page.unroute('**/api/session');
    await page.getByRole('link', { name: 'Wishlist', exact: true }).click();
    await page.waitForURL(/\/account\/wishlist$/);
    await page.getByRole('list', { name: 'Wishlist' }).getByRole('link', { name: a.name }).waitFor();
    await page.getByRole('button', { name: `Remove ${a.name} from wishlist` }).click();
    await page.getByText('Your wishlist is empty.').waitFor();
    await page.context().close();
  });
});
