/**
 * Vehicle fitment on a phone (390 x 844) against the real server and client build: pick a
 * Year/Make/Model, see the listing's fit badges, reset, pick an engine, and add a part that does
 * not fit through 'Heads up!'. The vehicle is found through the fitment service itself (walking a
 * 'maybe' part's choices), so the test does not depend on the generator's ids.
 * E2E_DIST serves another build than dist/ (helpers building in parallel keep theirs apart).
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database';
import { copyTemplate, type TestDatabaseConfig } from '../support/engines';
import { runServer, type ServerProcess } from '../support/process';
import { JarClient, item } from '../integration/fitment/support';
import { launchBrowser } from './support/browser';
import { cashierDevice, waitSynced } from './support/pos';
import { shot } from './support/shots';

const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'dist');
const PHONE = { width: 390, height: 844 };

interface Listed {
  product_id: number;
  name: string;
  aaia: string;
  mpn: string;
  is_orderable: boolean;
  disable_pricing: boolean;
}
interface Part {
  BrandCode: string;
  Part: string;
  result: string;
  name: string;
  choices: { id: string; label: string }[];
}

describe('storefront vehicle fitment on a phone', () => {
  let db: TestDatabaseConfig;
  let server: ServerProcess;
  let browser: Browser;
  let listing: Listed[];
  const vehicle: { year: string; make: string; model: string } = { year: '', make: '', model: '' };
  let misfit: Listed;
  let fitLabel: string;
  let engine: { mfr: string; family: string; size: string };
  let carless: { firstname: string; lastname: string };
  /** A listed part still 'maybe' for the vehicle: the §4 prompt asks for its next facet. */
  let prompted: Part | undefined;

  const phonePage = async (): Promise<Page> =>
    (
      await browser.newContext({
        viewport: PHONE,
        locale: 'en-US',
        timezoneId: 'America/Chicago',
        serviceWorkers: 'block',
      })
    ).newPage();
  const parts = (ps: Listed[]) => encodeURIComponent(ps.map((p) => `${p.aaia}~${p.mpn}`).join(','));

  beforeAll(async () => {
    db = await copyTemplate('pglite');
    // The demo shop asks no confirmation; this test needs 'Heads up!' on.
    const open = await openDatabase({ dataDir: db.dataDir });
    await sql`update settings set value = jsonb_set(value, '{require_fitment_confirmation}', 'true') where key = 'fitment'`.execute(
      open.db,
    );
    carless = // The customer with the smallest garage: the walked vehicle is then almost surely not in it.
      (
        await sql<{
          firstname: string;
          lastname: string;
        }>`select firstname, lastname from customers c where firstname <> ''
        order by (select count(*) from customer_vehicles v where v.customer_id = c.id), customer_id limit 1`.execute(
          open.db,
        )
      ).rows[0]!;
    await open.close();
    [server, browser] = await Promise.all([
      runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '', STATIC_DIR: dist, SKIP_BUILD: '1' }),
      launchBrowser(),
    ]);
    listing = ((await (await fetch(`${server.url}/api/products/`)).json()) as { products: Listed[] }).products;

    // Walk the first 'maybe' part's prompts (year, make, model) to a vehicle it fits.
    const shopper = new JarClient(server.url);
    const labels: Record<string, string> = {};
    for (let step = 0; step < 3; step++) {
      const reply = (await shopper.get(`/ymm/json/validateFitment?Parts=${parts(listing)}`)).body as { parts: Part[] };
      const maybe = reply.parts.find((p) => p.result === 'maybe' && ['Year', 'MakeID', 'ModelID'].includes(p.name));
      if (!maybe) throw new Error('no part on the first listing page can be narrowed to a vehicle');
      const choice = maybe.choices[0]!;
      labels[maybe.name] = choice.label;
      expect(
        (await shopper.get(`/ymm/json/saveVehicle?add1=${item(maybe.name, choice.id, '', choice.label)}`)).status,
      ).toBe(200);
    }
    Object.assign(vehicle, { year: labels.Year, make: labels.MakeID, model: labels.ModelID });
    const judged = ((await shopper.get(`/ymm/json/validateFitment?Parts=${parts(listing)}`)).body as { parts: Part[] })
      .parts;
    // The walked part may still ask for a sub model ('Verify Fitment'); others may fit outright.
    fitLabel = judged.some((p) => p.result === 'yes' || p.result === 'universal')
      ? 'Fits Your Vehicle'
      : 'Verify Fitment';
    prompted = judged.find((p) => p.result === 'maybe' && p.choices.length > 0);
    const no = judged.filter((p) => p.result === 'no').map((p) => `${p.BrandCode}~${p.Part}`);
    const found = listing.find((p) => p.is_orderable && !p.disable_pricing && no.includes(`${p.aaia}~${p.mpn}`));
    if (!found) throw new Error('the first listing page has no orderable part that does not fit the vehicle');
    misfit = found;

    const mfr = (
      (await shopper.get('/ymm/json/engine_mfrs')).body as { EngineMfrID: number; EngineMfrName: string }[]
    )[0]!;
    const fam = (
      (await shopper.get(`/ymm/json/engine_family_sizes?EngineMfrID=${mfr.EngineMfrID}`)).body as {
        EngineFamilyID: number;
        EngineFamilyName: string;
      }[]
    )[0]!;
    const size = (
      (await shopper.get(`/ymm/json/engine_sizes?EngineMfrID=${mfr.EngineMfrID}&EngineFamilyID=${fam.EngineFamilyID}`))
        .body as {
        EngineSizeName: string;
      }[]
    )[0]!;
    engine = { mfr: mfr.EngineMfrName, family: fam.EngineFamilyName, size: size.EngineSizeName };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.cleanup();
  });

  it('picks a Year/Make/Model, shows fit badges, resets, picks an engine and adds a misfit through Heads up!', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/product/catalog`);
    // No vehicle yet: parts with fitment data ask for one.
    await page.getByRole('button', { name: 'Select Vehicle' }).first().waitFor();

    // The demo shop's labels: 'Shop by Vehicle', 'Year / Make / Model' and 'Engine'.
    await page.getByText('Shop by Vehicle').click();
    await page.getByRole('tab', { name: 'Year / Make / Model' }).waitFor();
    await page.getByRole('combobox', { name: 'Select a Year' }).selectOption({ label: vehicle.year });
    const make = page.getByRole('combobox', { name: 'Select a Make' });
    await expect.poll(() => make.isEnabled()).toBe(true);
    await make.selectOption({ label: vehicle.make });
    const model = page.getByRole('combobox', { name: 'Select a Model' });
    await expect.poll(() => model.isEnabled()).toBe(true);
    await model.selectOption({ label: vehicle.model });
    await page.getByRole('button', { name: 'Submit' }).click();

    // The summary replaces the form; the listing narrows to the vehicle in place (Shop by Vehicle),
    // and its toggle shows every part again, with the badges following the vehicle.
    await page.getByText(`Year: ${vehicle.year}`).waitFor();
    await page.getByText(`Model: ${vehicle.model}`).waitFor();
    await page
      .getByText(new RegExp(`fits? your ${vehicle.year} ${vehicle.make} ${vehicle.model}`))
      .first()
      .waitFor();
    await page.getByRole('link', { name: /^Show all [\d,]+ parts?$/ }).click();
    await page.getByRole('link', { name: /^Show only the [\d,]+ parts? that fits? your / }).waitFor();
    await page.getByRole('button', { name: fitLabel }).first().waitFor();
    await page.getByRole('button', { name: "Doesn't Fit Your Vehicle" }).first().waitFor();

    // The fitment modal of a misfit names its part number.
    const card = page.getByRole('article', { name: misfit.name });
    await card.getByRole('button', { name: "Doesn't Fit Your Vehicle" }).click();
    const modal = page.getByRole('dialog', { name: /^Fitment for Part #: / });
    await modal.getByText('This part will not fit your vehicle.').waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();

    // Heads up! before adding it: Cancel adds nothing, I Understand adds it.
    let adds = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/checkout/cart/add')) adds++;
    });
    await card.getByRole('button', { name: `Add to Cart: ${misfit.name}` }).click();
    const headsUp = page.getByRole('dialog', { name: 'Heads up!' });
    await headsUp.getByText(/This product may not fit your vehicle\./).waitFor();
    await headsUp.getByRole('button', { name: 'Cancel' }).click();
    await headsUp.waitFor({ state: 'detached' });
    expect(adds).toBe(0);
    await card.getByRole('button', { name: `Add to Cart: ${misfit.name}` }).click();
    const add = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/checkout/cart/add'));
    await headsUp.getByRole('button', { name: 'I Understand' }).click();
    await add;
    await card.getByRole('button', { name: `Added! ${misfit.name}` }).waitFor();

    // §4: a part still 'maybe' for this vehicle asks for its next facet; the answer joins the vehicle.
    if (prompted) {
      const ask = page.getByRole('region', { name: /^Select a .+ to verify fitment for part # / });
      await ask.waitFor();
      const facetLabel = (await ask.getByRole('heading').textContent())!.match(/^Select a (.+) to verify/)![1]!;
      const answer = ask.getByRole('button').first();
      const chosen = (await answer.textContent())!;
      await answer.click();
      await page.getByText(`${facetLabel}: ${chosen}`).waitFor();
    }

    // §4: toggling universal parts and Reset reload the page.
    const universal = page.getByRole('checkbox', { name: 'Show Universal Parts' });
    expect(await universal.isChecked()).toBe(true);
    await Promise.all([page.waitForEvent('load'), universal.click()]);
    await page.getByText(/^Shop by Vehicle: /).click();
    expect(await page.getByRole('checkbox', { name: 'Show Universal Parts' }).isChecked()).toBe(false);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reset', exact: true }).click()]);
    await page.getByRole('button', { name: 'Select Vehicle' }).first().waitFor();
    await page.getByText('Shop by Vehicle').click();
    await page.getByRole('combobox', { name: 'Select a Year' }).waitFor();

    // An engine instead.
    await page.getByRole('tab', { name: 'Engine' }).click();
    await page.getByRole('combobox', { name: 'Select a Manufacturer' }).selectOption({ label: engine.mfr });
    const family = page.getByRole('combobox', { name: 'Select a Family' });
    await expect.poll(() => family.isEnabled()).toBe(true);
    await family.selectOption({ label: engine.family });
    const size = page.getByRole('combobox', { name: 'Select a Size' });
    await expect.poll(() => size.isEnabled()).toBe(true);
    await size.selectOption({ label: engine.size });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(`Size: ${engine.size}`).waitFor();
    await page.getByRole('button', { name: 'Reset Vehicle' }).waitFor();
    // Removing one facet reloads the page; the form reopens on the Engine tab with the rest kept.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Remove Size' }).click()]);
    await page.getByText(/^Shop by Vehicle/).click();
    const sizeAgain = page.getByRole('combobox', { name: 'Select a Size' });
    await sizeAgain.waitFor();
    // The kept family shows once its options have loaded (a select has no value without its option).
    await expect.poll(() => page.getByRole('combobox', { name: 'Select a Family' }).inputValue()).not.toBe('');
    await shot(page, 'h4-fitment-phone');
    await page.context().close();
  });

  it("POS cart: a vehicle the cart's customer lacks is offered for their garage and added through sync", async () => {
    const { ctx, page } = await cashierDevice(browser, server.url);
    await page.goto(`${server.url}/pos/cart`);
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const search = page.getByRole('dialog', { name: 'Search for a Customer' });
    await search.getByRole('searchbox', { name: 'Customer' }).fill(`${carless.firstname} ${carless.lastname}`);
    await search
      .getByRole('button', { name: `Select Customer ${carless.firstname} ${carless.lastname}` })
      .first()
      .click();
    await page.getByRole('button', { name: 'Remove Customer' }).waitFor();

    await page.getByText('Vehicle Fitment').click();
    await page.getByRole('combobox', { name: 'Select a Year' }).selectOption({ label: vehicle.year });
    const make = page.getByRole('combobox', { name: 'Select a Make' });
    await expect.poll(() => make.isEnabled()).toBe(true);
    await make.selectOption({ label: vehicle.make });
    const model = page.getByRole('combobox', { name: 'Select a Model' });
    await expect.poll(() => model.isEnabled()).toBe(true);
    await model.selectOption({ label: vehicle.model });
    await page.getByRole('button', { name: 'Submit' }).click();

    const prompt = page.getByRole('dialog', { name: 'Add This Vehicle to Customer?' });
    await prompt.getByText(/does not have a .* in The Garage matching the current YMM selections/).waitFor();
    await prompt.getByRole('button', { name: 'Add This Vehicle' }).click();
    await page
      .getByText(/was added to .*'s Garage\./)
      .first()
      .waitFor();
    await waitSynced(page);
    await ctx.close();
  });
});
