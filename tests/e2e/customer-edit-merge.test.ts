import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { customerEditBase } from '../../src/domain/mutations/customer-merge';
import { TestClient } from '../support/http-client';
import { cashierDevice, pageText, queueOffline, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';

/**
 * A customer edited on two tablets offline resolves by field (docs/decisions/sync.md "Customer
 * edits merge by field"), in headless Chromium: two tablets (two browser contexts) pull the same
 * customer, go offline, each queues an edit of it with the base it saw (A: the email; B: the
 * telephone and the email), come back online one after the other. The server keeps both
 * telephone and A's email; tablet B lists the notice naming the E-Mail field and both values,
 * with Dismiss and without Retry; tablet A has nothing to read.
 */
describe('customer edits from two tablets merge by field (headless Chromium)', () => {
  const world = e2eWorld();

  async function admin() {
    const client = new TestClient(world.srv.server.url);
    expect((await client.login('admin', 'admin')).status).toBe(200);
    return client;
  }
  const me = (page: Page) =>
    page.evaluate(
      async () =>
        (
          (await (await fetch('/api/session', { headers: { accept: 'application/json' } })).json()) as {
            user: { id: string; role: string };
          }
        ).user,
    );
  /** The customer as this tablet holds it (the record a customer form opens). */
  const cached = (page: Page, id: string) =>
    page.evaluate(async (id) => {
      const idb = await new Promise<IDBDatabase>((res, rej) => {
        const req = indexedDB.open('partsdesk');
        req.onsuccess = () => res(req.result);
        req.onerror = () => rej(new Error(String(req.error)));
      });
      return new Promise<Record<string, unknown> | undefined>((res, rej) => {
        const get = idb.transaction('customers').objectStore('customers').get(id);
        get.onsuccess = () => (idb.close(), res(get.result as Record<string, unknown> | undefined));
        get.onerror = () => rej(new Error(String(get.error)));
      });
    }, id);

  it('disjoint fields are both kept; the same field keeps the first and the second tablet is told', async () => {
    const id = randomUUID();
    const other = await admin();
    const pushed = await other.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        {
          id: 1,
          name: 'customer.create',
          args: { id, firstname: 'Rosa', lastname: 'Merge', email: 'rosa.merge@example.com', telephone: '3035550100' },
          at: new Date().toISOString(),
        },
      ],
    });
    expect(pushed.body.results?.[0]?.status, JSON.stringify(pushed.body)).toBe('applied');

    const a = await cashierDevice(world.browser, world.srv.server.url);
    const b = await cashierDevice(world.browser, world.srv.server.url);
    const edits: [typeof a, Record<string, unknown>][] = [
      [a, { email: 'rosa@tablet-a.test' }],
      [b, { telephone: '3035550199', email: 'rosa@tablet-b.test' }],
    ];
    for (const [tablet, change] of edits) {
      const row = await cached(tablet.page, id);
      expect(row, await pageText(tablet.page)).toBeDefined();
      const base = customerEditBase({ ...row!, addresses: [] });
      const actor = await me(tablet.page);
      await tablet.ctx.setOffline(true);
      await expect.poll(visible(tablet.page, /^Offline$/), { timeout: 5_000 }).toBe(true);
      await queueOffline(tablet.page, actor, 'customer.update', { customer_ref: id, ...base, ...change, base });
    }

    await a.ctx.setOffline(false);
    await waitSynced(a.page);
    await b.ctx.setOffline(false);

    const button = b.page.getByRole('button', { name: 'Conflicts (1)' });
    await expect.poll(() => button.isVisible(), { timeout: 20_000 }).toBe(true);
    await button.click();
    const panel = b.page.getByRole('dialog', { name: 'Changes the server rejected' });
    await expect.poll(() => panel.getByText('Update customer').isVisible()).toBe(true);
    const text = (await panel.textContent()) ?? '';
    expect(text).toContain('kept: E-Mail "rosa@tablet-a.test" (yours: "rosa@tablet-b.test")');
    expect(text).toContain('The rest of this change was saved.');
    expect(await panel.getByRole('button', { name: 'Retry', exact: true }).count()).toBe(0);
    const dismiss = panel.getByRole('button', { name: /^Dismiss/ });
    const box = await dismiss.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await dismiss.click();
    await expect.poll(() => b.page.getByRole('button', { name: /^Conflicts/ }).count(), { timeout: 10_000 }).toBe(0);

    // Both tablets' fields reached the server; tablet A, whose email was kept, has nothing to read.
    const found = await other.get(`/pos/customer/search?s=${encodeURIComponent('Rosa Merge')}`);
    expect(found.body).toEqual([expect.objectContaining({ id, email: 'rosa@tablet-a.test', telephone: '3035550199' })]);
    expect(await a.page.getByRole('button', { name: /^Conflicts/ }).count()).toBe(0);
    await a.ctx.close();
    await b.ctx.close();
  });
});
