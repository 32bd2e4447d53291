/**
 * Custom form pages and the schedule appointment modal on a phone (390 x 844) against the real
 * server and client build (storefront.md §2, §4, §5, §8; docs/decisions/storefront.md "Custom
 * forms"): the demo parts request with every field type, its rules and messages, prefill from the
 * query, the captcha, the thank-you message and the marketing `contact` event; the newsletter's
 * redirect; a schedule-appointment request, its 'Request sent successfully!' toast and its
 * `contact` event. And the admin's screens at 1024 x 768 and 390 x 844
 * (docs/decisions/storefront.md "Kiosk settings and video report", "Custom forms admin"):
 * kiosk settings saved, the video views report and its empty state, a form created with its
 * fields and a form's submissions. Screenshots go to E2E_SHOTS=<dir> when set.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { copyTemplate, type TestDatabaseConfig } from '../support/engines';
import { runServer, type ServerProcess } from '../support/process';
import { launchBrowser, newContext } from './support/browser';
import { submitStaffLogin } from './support/pages';

const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'dist');
const shots = process.env.E2E_SHOTS;
const PHONE = { width: 390, height: 844 };

/**
 * Gzip bytes of the JavaScript a lazy chunk pulls in beyond the entry (the entry chunk and the
 * runtime): what opening the forms area costs a shopper who has only the catalog.
 */
function lazyGzipBytes(prefix: string): number {
  const dir = path.join(dist, 'assets');
  const files = fs.readdirSync(dir);
  const deps = (f: string) =>
    [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)].map(
      (m) => m[1]!,
    );
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...deps(f));
    }
    return seen;
  };
  const entry = closure(files.filter((f) => /^(index|rolldown-runtime)-[^.]+\.js$/.test(f)));
  const root = files.find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  if (!root) throw new Error(`no chunk ${prefix}`);
  let total = 0;
  for (const f of closure([root])) if (!entry.has(f)) total += zlib.gzipSync(fs.readFileSync(path.join(dir, f))).length;
  return total;
}

/** The marketing `contact` events (GA4 generate_lead) on the page's dataLayer. */
const leadsOn = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((e) => e.event === 'generate_lead'),
  );

describe('custom forms on a phone', () => {
  let db: TestDatabaseConfig;
  let server: ServerProcess;
  let browser: Browser;
  let fieldIds: Record<string, number>;

  const phonePage = async (): Promise<Page> => (await newContext(browser, PHONE)).newPage();
  const shot = async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    db = await copyTemplate('pglite');
    const open = await openDatabase({ dataDir: db.dataDir });
    const rows = await open.db
      .selectFrom('custom_form_fields as f')
      .innerJoin('custom_forms as c', 'c.form_id', 'f.form_id')
      .select(['f.field_id', 'f.label_text'])
      .where('c.slug', '=', 'parts-request')
      .execute();
    fieldIds = Object.fromEntries(rows.map((r) => [r.label_text, r.field_id]));
    // For the admin's screens: two splash video plays (one ended, one stalled) and a newsletter submission.
    await open.db
      .insertInto('kiosk_video_views')
      .values([
        {
          video_id: 'demo-1',
          start_date: '2026-03-10T16:00:00Z',
          end_date: '2026-03-10T16:00:04Z',
          kiosk_user_id: null,
          outcome: 'ended',
        },
        {
          video_id: 'demo-1',
          start_date: '2026-03-10T17:00:00Z',
          end_date: '2026-03-10T17:00:03Z',
          kiosk_user_id: null,
          outcome: 'stalled',
        },
      ])
      .execute();
    const news = await open.db
      .selectFrom('custom_form_fields as f')
      .innerJoin('custom_forms as c', 'c.form_id', 'f.form_id')
      .select(['c.form_id', 'f.field_id', 'f.type'])
      .where('c.slug', '=', 'newsletter')
      .execute();
    await open.db
      .insertInto('form_submissions')
      .values({
        id: '0193a0b0-0000-7000-8000-000000000001',
        form_id: news[0]!.form_id,
        submission_values: JSON.stringify({ [news.find((f) => f.type === 'email')!.field_id]: 'seeded@example.com' }),
        recipient: 'store@example.com',
        actor_id: 'guest',
      })
      .execute();
    await open.close();
    [server, browser] = await Promise.all([
      // Cheap captcha challenges: the proof of work takes a moment, not seconds, on a loaded machine.
      runServer({
        DATA_DIR: db.dataDir,
        DATABASE_URL: '',
        STATIC_DIR: dist,
        SKIP_BUILD: '1',
        CAPTCHA_COST: '20',
        CAPTCHA_COUNTER_MAX: '300',
      }),
      launchBrowser({ serviceWorkers: 'block' }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.cleanup();
  });

  it('fills every field type of the parts request with its rules, passes the captcha and shows the thank-you', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/forms/parts-request?${fieldIds['Vehicle']}=2019%20Ford%20F-150`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Request a Part' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    // Prefilled from the query parameter named with the field's id (§5).
    expect(await page.getByLabel('Vehicle *').inputValue()).toBe('2019 Ford F-150');
    // Display-only fields: description, image, legends.
    expect(await page.getByText('Cannot find a part in the catalogue?').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('img', { name: 'Brake pads' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'The part' }).isVisible()).toBe(true);

    // Everything required left empty: '{label} is required!' under each field.
    await page.getByRole('button', { name: 'Send Request' }).click();
    for (const label of [
      'Name',
      'Email',
      'Pickup store',
      'Condition',
      'Urgency',
      'Contact me by',
      'Needed by',
      'Part description',
    ])
      await expect.poll(() => page.getByText(`${label} is required!`).isVisible(), { timeout: 5_000 }).toBe(true);
    expect(await page.getByText('Vehicle is required!').count()).toBe(0);
    await shot(page, 'forms-parts-errors-390');

    await page.getByLabel('Name *').fill('Pat Lee');
    await page.getByLabel('Email *').fill('pat@example');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => page.getByText('Must be a valid email!').isVisible(), { timeout: 5_000 }).toBe(true);
    await page.getByLabel('Email *').fill('pat@example.com');
    const store = page.getByLabel('Pickup store *');
    await expect.poll(async () => (await store.locator('option').count()) > 1, { timeout: 10_000 }).toBe(true);
    await store.selectOption({ index: 2 });
    const chosen = await store.inputValue();
    await page.getByLabel('Condition *').selectOption('Remanufactured');
    await page.getByRole('radio', { name: 'This month' }).check();
    await page.getByRole('checkbox', { name: 'Email' }).check();
    await page.getByRole('checkbox', { name: 'Text message' }).check();
    await page.getByLabel('Needed by *').fill('2026-12-24');
    await page.getByLabel('Best time to call').fill('09:30');
    await page.getByLabel('Pickup date and time').fill('2026-12-24T10:15');
    await page.getByLabel('Part description *').fill('Left front brake caliper, with bracket');

    // The captcha is required (require_captcha 1): refused until the box is ticked.
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect
      .poll(() => page.getByText('Please confirm you are not a robot.').isVisible(), { timeout: 5_000 })
      .toBe(true);
    expect(await page.getByText(/is required!/).count()).toBe(0);
    await page.getByLabel("I'm not a robot").click();
    await expect.poll(() => page.getByText('Verified').isVisible(), { timeout: 30_000 }).toBe(true);
    await shot(page, 'forms-parts-filled-390');
    const sent = page.waitForResponse((r) => r.url().includes('route=module/forms/postSubmission'));
    await page.getByRole('button', { name: 'Send Request' }).click();
    const reply = await sent;
    expect(reply.status()).toBe(200);
    expect(reply.request().headers()['content-type']).toContain('application/x-www-form-urlencoded');
    await expect
      .poll(() => page.getByText('Thank you! We will look for your part and call you back.').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await shot(page, 'forms-parts-thanks-390');
    // The marketing `contact` event (GA4 generate_lead), naming the form and the store chosen.
    await expect.poll(() => leadsOn(page)).toHaveLength(1);
    expect(await leadsOn(page)).toEqual([
      expect.objectContaining({
        lead_source: 'contact',
        form_name: 'parts-request',
        form_id: expect.any(String),
        location: chosen,
      }),
    ]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });

  it('keeps the forms area lazy and under 50 KB gzip (the page, the form, the captcha, the modal)', () => {
    const page = lazyGzipBytes('custom-form-page-');
    const modal = lazyGzipBytes('schedule-appointment-modal-');
    expect(page).toBeLessThan(50_000);
    expect(modal).toBeLessThan(50_000);
    // The entry never carries the proof-of-work solver.
    const entry = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^index-[^.]+\.js$/.test(f))!;
    expect(fs.readFileSync(path.join(dist, 'assets', entry), 'utf8')).not.toContain(
      'keyPrefix must be a non-empty hex string',
    );
  });

  it('redirects after the newsletter form (no captcha)', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/forms/newsletter`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Deals by Email' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await page.getByLabel("I'm not a robot").count()).toBe(0);
    await page.getByLabel('Email *').fill('deals@example.com');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('I agree to receive emails is required!').isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: 'I agree to receive emails *' }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/product/catalog');
    await page.context().close();
  });

  it("sends a schedule-appointment request from the contact form page: 'Request sent successfully!'", async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/forms/contact-us`);
    await page.getByRole('button', { name: 'Schedule Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Appointment' });
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    await dialog.getByLabel('Name *').fill('Sam Ortiz');
    await dialog.getByLabel('Email *').fill('sam@example.com');
    await dialog.getByLabel('Phone Number *').fill('5125550142');
    await dialog.getByLabel('Vehicle').fill('2018 Toyota Tacoma');
    const store = dialog.getByLabel('Store *');
    await expect.poll(async () => (await store.locator('option').count()) > 1, { timeout: 10_000 }).toBe(true);
    await store.selectOption({ index: 1 });
    await dialog.getByLabel('Preferred date *').fill('2026-12-03');
    await dialog.getByLabel('Preferred time *').fill('10:30');
    await dialog.getByLabel("I'm not a robot").click();
    await expect.poll(() => dialog.getByText('Verified').isVisible(), { timeout: 30_000 }).toBe(true);
    await shot(page, 'forms-schedule-modal-390');
    await dialog.getByRole('button', { name: 'Request Appointment' }).click();
    await expect.poll(() => page.getByText('Request sent successfully!').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('dialog', { name: 'Schedule Appointment' }).count()).toBe(0);
    await expect.poll(() => leadsOn(page)).toHaveLength(1);
    expect(await leadsOn(page)).toEqual([
      expect.objectContaining({ lead_source: 'contact', form_name: 'schedule_appointment' }),
    ]);
    await shot(page, 'forms-schedule-sent-390');
    await page.context().close();
  });

  it('lets the admin edit the kiosk settings, read the video views and build a form (1024 x 768 and 390 x 844)', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/pos/login`);
    await submitStaffLogin(page, 'admin', 'admin');
    await page.waitForURL(/\/pos\/order/);
    await page.goto(`${server.url}/pos/settings`);
    await page.getByRole('link', { name: 'Kiosk: settings and video views' }).click();
    const idle = page.getByLabel('Idle time before reset (minutes)');
    await expect.poll(() => idle.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await idle.inputValue()).toBe('3');
    // The screen's own check, then the save.
    await page.getByLabel('Prompt before reset (minutes)').fill('5');
    await page.getByRole('button', { name: 'Save kiosk settings' }).click();
    await expect.poll(() => page.getByText('The prompt cannot come before the kiosk is idle').isVisible()).toBe(true);
    await page.getByLabel('Prompt before reset (minutes)').fill('0.5');
    await idle.fill('2');
    await page.getByLabel('Video 2 title').fill('Pick up at the counter');
    await page.getByRole('button', { name: 'Save kiosk settings' }).click();
    await expect.poll(() => page.getByText('Kiosk settings saved.').isVisible(), { timeout: 10_000 }).toBe(true);
    // The video views: an empty period, then the seeded plays.
    const report = page.getByRole('region', { name: 'Kiosk video views' });
    await expect
      .poll(() => report.getByText(/^No kiosk video was played from/).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await report.getByLabel('From').fill('2026-03-01');
    await report.getByLabel('To').fill('2026-03-31');
    const row = report.getByRole('row', { name: /Parts for every vehicle/ });
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    // Plays, completed, stalled, errors, time watched, average.
    expect(await row.innerText()).toMatch(/Parts for every vehicle[\s\S]*\s2\s+1\s+1\s+0\s+0:07\s+0:04/);
    await shot(page, 'admin-kiosk-1024');
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-kiosk-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${server.url}/pos/settings/forms`);
    await page.getByRole('button', { name: 'Submissions of Newsletter' }).click();
    await expect.poll(() => page.getByText('seeded@example.com').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'New form' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Trade-in');
    await page.getByLabel('Address (/forms/…)').fill('trade-in');
    await page.getByLabel('Require a captcha').uncheck();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Field 1 label').fill('Your name');
    await page.getByLabel('Required', { exact: true }).check();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Field 2 type').selectOption('dropdown');
    await page.getByLabel('Field 2 label').fill('Part');
    await page.getByRole('button', { name: 'Save form' }).click();
    await expect.poll(() => page.getByText('Add at least one option.').isVisible()).toBe(true);
    await page.getByLabel('Field 2 options (one per line)').fill('Battery\nTyre');
    await page.getByRole('button', { name: 'Save form' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Edit form: Trade-in' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByRole('link', { name: '/forms/trade-in' }).isVisible()).toBe(true);
    await shot(page, 'admin-forms-1024');
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-forms-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The shopper's page draws what was saved.
    await page.goto(`${server.url}/forms/trade-in`);
    await expect
      .poll(() => page.getByLabel('Part').locator('option', { hasText: 'Tyre' }).count(), { timeout: 20_000 })
      .toBe(1);
    await ctx.close();
  });
});
