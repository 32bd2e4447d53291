/**
 * A staff device answers part validation from its cache when the server cannot be reached (compact
 * fitment): the cashier's device downloads the catalog with its fitment, browses the
 * storefront listing with a vehicle chosen, and then, with every validateFitment request failing
 * as a dropped connection, the reloaded listing shows the same fit result on every card as the
 * server gave — answered by the sync worker from IndexedDB with the server's rule.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cashierDevice } from './support/pos';
import { e2eWorld } from './support/world';

describe('validateFitment from the device cache (headless Chromium)', () => {
  const world = e2eWorld(undefined, { serviceWorkers: 'block' });

  /** Every card's fit result in page order, once every card has one and two reads agree. */
  async function results(page: Page, stage: string): Promise<string[]> {
    const read = () =>
      page.locator('[data-fitment]').evaluateAll((els) => els.map((e) => e.getAttribute('data-fitment') ?? ''));
    let last = '';
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await read());
          const settled = now === last && now !== '[]' && (await page.locator('[data-fitment]').count()) >= 10;
          last = now;
          return settled;
        },
        { timeout: 20_000, interval: 500, message: `${stage}: every card shows a fit result` },
      )
      .toBe(true);
    return JSON.parse(last) as string[];
  }

  it("the listing shows the server's fit results when validateFitment cannot reach the server", async () => {
    const { ctx, page } = await cashierDevice(world.browser, world.srv.server.url);
    const base = world.srv.server.url;
    // A vehicle the first listing page splits on: walk a 'maybe' part's year, make and model prompts
    // (in the page, so the vehicle rides on this device's cookie).
    const vehicle = await page.evaluate(async () => {
      const get = async (p: string) => (await fetch(p, { headers: { Accept: 'application/json' } })).json();
      const listed = ((await get('/api/products/')) as { products: { aaia: string; mpn: string }[] }).products;
      const refs = encodeURIComponent(listed.map((p) => `${p.aaia}~${p.mpn}`).join(','));
      let status = 0;
      for (let step = 0; step < 3; step++) {
        const parts = (
          (await get(`/ymm/json/validateFitment?Parts=${refs}`)) as {
            parts: { result: string; name: string; choices: { id: string }[] }[];
          }
        ).parts;
        const maybe = parts.find((p) => p.result === 'maybe' && ['Year', 'MakeID', 'ModelID'].includes(p.name));
        if (!maybe) return { status: -1 };
        status = (
          await fetch(`/ymm/json/saveVehicle?add1=${encodeURIComponent(`${maybe.name}||${maybe.choices[0]!.id}||||`)}`)
        ).status;
      }
      return { status };
    });
    expect(vehicle.status).toBe(200);

    // All parts (fits=0): with a vehicle chosen the listing otherwise shows only what fits
    // (docs/decisions/fitment.md "Listings narrowed to the vehicle"), and this test needs both kinds.
    await page.goto(`${base}/product/catalog?fits=0`);
    const online = await results(page, 'online');

    let aborted = 0;
    await ctx.route('**/ymm/json/validateFitment**', (route) => {
      aborted++;
      return route.abort('internetdisconnected');
    });
    // The page's vehicle read answers after the first cards asked (as on a slow link): the cache
    // must judge for that vehicle, not for none (which makes every card 'maybe').
    let vehicleCut = false;
    await ctx.route('**/ymm/json/getVehicle**', async (route) => {
      if (vehicleCut) return route.abort('internetdisconnected');
      await new Promise((r) => setTimeout(r, 2_500));
      return route.fallback();
    });
    await page.reload();
    const offline = await results(page, 'cache');
    expect(aborted).toBeGreaterThan(0);
    expect(offline).toEqual(online);
    // Not a page of one answer: the vehicle splits the listing.
    expect(new Set(online).size, online.join(',')).toBeGreaterThan(1);

    // With the vehicle read cut too, the device judges for the last vehicle the server told it.
    vehicleCut = true;
    await page.reload();
    expect(await results(page, 'cache, vehicle remembered')).toEqual(online);
  });
});
