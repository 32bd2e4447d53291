/**
 * A shopper's schedule-appointment request on the POS appointments day view (1024x768;
 * docs/decisions/storefront.md "Custom forms"): the request sent through the storefront's call
 * shows above the bays as a request, not a booking; staff mark it booked. axe: no serious or
 * critical violation. Screenshot to E2E_SHOTS=<dir> when set.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../support/captcha';
import { TestClient } from '../support/http-client';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { cashierDevice } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

const shots = process.env.E2E_SHOTS;

describe('POS appointment requests (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([
      startE2EServer({ env: { CAPTCHA_COST: '1', CAPTCHA_COUNTER_MAX: '40' } }),
      launchBrowser({ serviceWorkers: 'block' }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('lists the day’s request above the bays and lets staff mark it booked', async () => {
    const url = srv.server.url;
    const shopper = new TestClient(url);
    const stores = (await shopper.post('/index.php?route=module/forms/getLocations', {})).body.locations;
    const location = stores[0].location_id as number;
    const { payload } = await solveCaptcha(url);
    const sent = await shopper.post('/index.php?route=information/schedule_appointment', {
      name: 'Sam Ortiz',
      email: 'sam@example.com',
      phone: '(512) 555-0142',
      vehicle: '2018 Toyota Tacoma',
      date: '2027-06-02',
      time: '10:30',
      location_id: location,
      message: 'Brake noise at low speed',
      captchaInput: payload,
    });
    expect(sent.status).toBe(200);

    const { ctx, page } = await cashierDevice(browser, url);
    await page.goto(`${url}/pos/appointments?location_id=${location}&date=2027-06-02`);
    const requests = page.getByRole('region', { name: 'Appointment requests (1)' });
    await expect.poll(() => requests.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await requests.getByText('10:30 Sam Ortiz').isVisible()).toBe(true);
    expect(await requests.getByText('Requested: not booked').isVisible()).toBe(true);
    expect(await requests.getByText('Vehicle: 2018 Toyota Tacoma').isVisible()).toBe(true);
    if (shots) await page.screenshot({ path: path.join(shots, 'pos-appointment-request-1024.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await requests.getByRole('button', { name: 'Mark Booked' }).click();
    await expect.poll(() => requests.getByText('Booked by staff').isVisible(), { timeout: 10_000 }).toBe(true);
    await ctx.close();
  });
});
