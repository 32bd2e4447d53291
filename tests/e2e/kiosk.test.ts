import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { submitStaffLogin } from './support/pages';
import { cutNetwork, kioskDevice, pageText, serverOrders, sessionRole, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';
import { shot } from './support/shots';

/**
 * The showroom kiosk on a portrait 1080x1920 screen (docs/decisions/storefront.md "Kiosk"): staff
 * sign in, turn the device into a kiosk and log out; the kiosk account takes over and the splash
 * plays; the idle prompt counts down and "I'm still here" keeps the session, then an idle reset
 * forgets the cart, the search text and the server's shopper state; a walk-in customer submits an
 * order with the network cut, and after reconnecting it is in the POS Orders list's Kiosk tab; a
 * link to another site does nothing; leaving kiosk mode takes a staff sign-in.
 * Timers are a few seconds here (the settings are minutes, fractions allowed).
 */
const kioskShot = (page: Page, name: string) => shot(page, `pd-kiosk-${name}`);

describe('kiosk (headless Chromium, 1080x1920)', () => {
  let srv: E2EServer;
  let browser: Browser;
  beforeAll(async () => {
    [srv, browser] = await Promise.all([
      // Idle 12 s, the prompt's countdown the last 6 s of them.
      startE2EServer({ settings: { kiosk_idle_timer: 0.2, kiosk_prompt_timer: 0.1 } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('splash, idle prompt and reset, Submit to Buy offline, and the order in the POS Kiosk tab', async () => {
    const url = srv.server.url;
    // Staff set the device up as a kiosk and log out: the showroom, never the staff login.
    const { ctx, page, start } = await kioskDevice(browser, url);
    expect(await page.locator('[data-testid="kiosk-splash"] video').count()).toBe(1);
    expect(await sessionRole(page)).toBe('kiosk');
    // The video plays and tracking records it when it ends, as ended (the demo clips are 4 s).
    const tracked = page.waitForRequest((r) => r.url().endsWith('/tool/kiosk/video') && r.method() === 'POST', {
      timeout: 20_000,
    });
    await kioskShot(page, 'splash');
    expect(JSON.parse((await tracked).postData() ?? '{}')).toMatchObject({ video_id: 'demo-1', outcome: 'ended' });

    // Start: the catalog, with no shopper Login, no wishlist, the kiosk bar.
    await start.click();
    await expect
      .poll(
        () =>
          page
            .getByRole('button', { name: /^Add to Cart: / })
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Wishlist' }).count()).toBe(0);
    for (const name of ['Back', 'Forward', 'Reset'])
      expect(await page.getByRole('button', { name }).isVisible()).toBe(true);

    // §6: a link to another site does nothing on a kiosk (a content block or a product text may hold one).
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = 'https://example.com/';
      a.id = 'pd-external-link';
      a.textContent = 'Another site';
      document.getElementById('main')!.append(a);
    });
    await page.locator('#pd-external-link').click();
    await expect
      .poll(() => page.getByText('Links to other sites are not available on this kiosk.').first().isVisible())
      .toBe(true);
    expect(new URL(page.url()).origin).toBe(url);
    await page.evaluate(() => document.getElementById('pd-external-link')?.remove());

    // Something in every part of the session: the kiosk cart and the search box.
    await page
      .getByRole('button', { name: /^Add to Cart: / })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('kiosk-cart-count').innerText(), { timeout: 10_000 }).toBe('1');
    await page.getByRole('combobox', { name: 'Search parts' }).fill('brake');

    // Idle: the prompt counts down; "I'm still here" keeps everything.
    const prompt = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await prompt.innerText()).toMatch(/This kiosk will reset in \d+ seconds/);
    await kioskShot(page, 'idle-prompt');
    await prompt.getByRole('button', { name: "I'm still here" }).click();
    await expect.poll(() => prompt.isVisible()).toBe(false);
    expect(await page.getByTestId('kiosk-cart-count').innerText()).toBe('1');

    // Idle again until the reset: the splash, and everything of the session forgotten.
    const cleared = page.waitForRequest((r) => r.url().endsWith('/account/logout/clearSession'), { timeout: 30_000 });
    await expect.poll(() => start.isVisible(), { timeout: 30_000 }).toBe(true);
    await cleared;
    await start.click();
    await expect.poll(() => page.getByTestId('kiosk-cart-count').innerText(), { timeout: 10_000 }).toBe('0');
    expect(await page.getByRole('combobox', { name: 'Search parts' }).inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('partsdesk.kiosk.cart'))).toBeNull();

    // Submit to Buy with the network cut: the order waits in the outbox.
    await cutNetwork(ctx, true);
    await page
      .getByRole('button', { name: /^Add to Cart: / })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('kiosk-cart-count').innerText(), { timeout: 10_000 }).toBe('1');
    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    const cart = page.getByRole('dialog', { name: 'Your order' });
    await cart.getByRole('button', { name: 'Submit to Buy' }).click();
    await expect
      .poll(
        () =>
          cart
            .getByRole('status')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toMatch(/^Thank you! Your order \S+ was sent to the counter/);
    await kioskShot(page, 'submitted-offline');
    const before = await serverOrders(url, 'kiosk');
    await cart.getByRole('button', { name: 'Done' }).click();

    // Back online: the kiosk pushes it; the server priced it and lists it under Kiosk.
    await cutNetwork(ctx, false);
    let added: { id: string; order_id: number | null }[] = [];
    await expect
      .poll(
        async () => {
          added = (await serverOrders(url, 'kiosk')).filter((o) => !before.some((b) => b.id === o.id));
          return added.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // The POS Orders list's Kiosk tab shows it (another device: a cashier at the counter).
    const pos = await newContext(browser);
    const counter = await pos.newPage();
    await counter.goto(`${url}/pos/login`);
    await submitStaffLogin(counter, 'cashier', 'cashier');
    await counter.waitForURL(/\/pos\/order/);
    await waitSynced(counter, 90_000);
    await counter.goto(`${url}/pos/order?status=kiosk`);
    const row = `#${added[0]!.order_id}`;
    await expect.poll(visible(counter, row), { timeout: 60_000 }).toBe(true);
    expect(await pageText(counter)).toContain(row);
    await kioskShot(counter, 'pos-kiosk-tab');
    await pos.close();

    // Leaving kiosk mode takes a staff sign-in: the kiosk bar links to the staff login (whatever
    // covers the kiosk now, splash or prompt, the link is there); staff then turn the flag off, and
    // their next Log out lands on the staff login, not the showroom.
    expect(await page.getByRole('link', { name: 'Staff sign-in' }).getAttribute('href')).toBe('/pos/login');
    await page.goto(`${url}/pos/login`);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/);
    const flag = page.getByRole('button', { name: 'Kiosk device' });
    expect(await flag.getAttribute('aria-pressed')).toBe('true');
    await flag.click();
    await expect.poll(() => flag.getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('partsdesk.kiosk'))).toBeNull();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/pos\/login/);
    await ctx.close();
    // Long: two devices' first syncs and real idle timers, each step waiting on its own condition.
  }, 420_000);
});
