import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { HISTORY_ADDED } from '../../src/domain/forms/history';
import { TestClient } from '../support/http-client';
import { seriousViolations } from './support/axe';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';
import { shot } from './support/shots';

/**
 * The customer admin History tab (docs/decisions/pos.md "Customer history and uploads"): an entry
 * with a picture added online, then one added with the network cut (shown at once with the
 * picture from the device), then back online: each picture uploaded once, the rows show the
 * server's thumbnails, the server lists both. At 1024x768 and 390x844; screenshots go to
 * /tmp/pd-history-*.png.
 */
describe('POS customer History tab (headless Chromium)', () => {
  const world = e2eWorld();

  async function seedCustomer(url: string): Promise<string> {
    const till = new TestClient(url);
    if ((await till.login('cashier', 'cashier')).status !== 200) throw new Error('cashier login failed');
    const id = randomUUID();
    const r = await till.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        {
          id: 1,
          name: 'customer.create',
          args: { id, firstname: 'Hana', lastname: 'Historia', email: 'hana@example.net' },
          at: new Date().toISOString(),
        },
      ],
    });
    if (r.status !== 200 || r.body.results[0].status !== 'applied') throw new Error(`push: ${JSON.stringify(r.body)}`);
    return id;
  }

  const picture = (color: string, format: 'jpeg' | 'png') => {
    const canvas = sharp({ create: { width: 600, height: 400, channels: 3, background: color } });
    return (format === 'jpeg' ? canvas.jpeg() : canvas.png()).toBuffer();
  };

  const thumbOf = (page: Page, name: string) => page.getByRole('img', { name: `Picture ${name}` });
  const rowTexts = (page: Page) =>
    page.getByRole('table', { name: 'Customer history' }).locator('tbody tr').allInnerTexts();

  async function addEntry(page: Page, comment: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    const form = page.getByRole('form', { name: 'Add History' });
    await form.getByLabel('Comment').fill(comment);
    await form.getByLabel('Image').setInputFiles(file);
    await expect.poll(() => form.getByRole('img', { name: `Preview of ${file.name}` }).isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Add History' }).click();
    await expect.poll(visible(page, HISTORY_ADDED), { message: await pageText(page) }).toBe(true);
    await expect.poll(() => form.getByLabel('Comment').inputValue()).toBe('');
  }

  /** The thumbnail is the server's (loaded, at most 100 px wide). */
  async function serverThumb(page: Page, name: string) {
    await expect
      .poll(() => thumbOf(page, name).getAttribute('src'), { timeout: 30_000 })
      .toMatch(/^\/api\/customer_history\/image\?id=[0-9a-f-]+&size=thumb$/);
    await expect
      .poll(() => thumbOf(page, name).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(100);
  }

  it('adds entries with pictures online and offline; each picture goes up once', async () => {
    const { srv, browser } = world;
    const customer = await seedCustomer(srv.server.url);
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/customer_history/image')) uploads.push(r.url());
    });
    await page.goto(`${srv.server.url}/pos/customer/edit?customer_id=${customer}&tab=history`);
    await expect.poll(visible(page, 'No results!'), { message: await pageText(page) }).toBe(true);

    // Online.
    await addEntry(page, 'Brake pads worn to 2 mm', {
      name: 'pads.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture('#c33', 'jpeg'),
    });
    await waitSynced(page);
    await serverThumb(page, 'pads.jpg');

    // Offline: shown at once with the device's copy of the picture.
    await cutNetwork(ctx, true);
    await addEntry(page, 'Customer brought a photo of the noise', {
      name: 'rotor.png',
      mimeType: 'image/png',
      buffer: await picture('#36c', 'png'),
    });
    await expect.poll(() => thumbOf(page, 'rotor.png').getAttribute('src')).toMatch(/^blob:/);
    expect(await rowTexts(page)).toHaveLength(2);
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-history-offline-${w}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1024, height: 768 });

    // Newest first, then back.
    await page.getByRole('button', { name: /Date Added/ }).click();
    await expect.poll(async () => (await rowTexts(page))[0]).toContain('Customer brought a photo');
    await page.getByRole('button', { name: /Date Added/ }).click();
    await expect.poll(async () => (await rowTexts(page))[0]).toContain('Brake pads worn');
    // A fresh load of the tab offline: both entries from the device, the queued one's picture too.
    await page.reload();
    await expect
      .poll(async () => (await rowTexts(page)).length, { timeout: 15_000, message: await pageText(page) })
      .toBe(2);
    await expect.poll(() => thumbOf(page, 'rotor.png').getAttribute('src')).toMatch(/^blob:/);

    await cutNetwork(ctx, false);
    await waitSynced(page);
    await serverThumb(page, 'rotor.png');
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-history-synced-${w}`, { fullPage: true });
    }
    expect(uploads).toHaveLength(2);
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await seriousViolations(page)).toEqual([]);

    const admin = new TestClient(srv.server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const list = await admin.get(`/api/customer_history?customer_id=${customer}`);
    expect(list.body).toMatchObject({ total: 2, totalPages: 1, position: 1 });
    expect(
      list.body.results.map((r: { comment: string; image: string | null }) => [r.comment, r.image !== null]),
    ).toEqual([
      ['Brake pads worn to 2 mm', true],
      ['Customer brought a photo of the noise', true],
    ]);
    await ctx.close();
  });
});
