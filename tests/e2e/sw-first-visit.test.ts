import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { startPrivateBuildServer, type PrivateBuildServer } from './support/private-build-server';
import { waitFor } from './support/service-worker';

const UPDATE_TEXT = 'New version available — reload';

/**
 * "New version available — reload" on a fresh device: the first worker installs while the user is
 * already on the next page (a reload, a login that loads a page), then claims it. Nothing replaced
 * a worker that controlled the page, so there is no new version to offer.
 */
describe('service worker: no update prompt on the first visit (headless Chromium)', () => {
  let srv: PrivateBuildServer;
  let browser: Browser;
  beforeAll(async () => {
    [srv, browser] = await Promise.all([startPrivateBuildServer(), launchBrowser()]);
    // A slow first install (a shop's slow link, a big precache): 3 s before the worker is installed.
    fs.appendFileSync(
      path.join(srv.staticDir, 'sw.js'),
      '\nself.addEventListener("install", (e) => e.waitUntil(new Promise((r) => setTimeout(r, 3000))));\n',
    );
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('the first worker claiming a page opened during its install is not a new version', async () => {
    const ctx = await newContext(browser);
    try {
      const page = await ctx.newPage();
      await page.goto(`${srv.server.url}/product/catalog`);
      await waitFor(
        () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.installing != null),
        'the first worker installing',
      );
      // The user moves on (a reload here; a login or a typed address alike) while it installs.
      await page.goto(`${srv.server.url}/pos/login`);
      await waitFor(
        () => page.evaluate(() => navigator.serviceWorker.controller?.state === 'activated'),
        'the first worker controls the page',
      );
      await page.waitForTimeout(1000);
      expect(await page.getByText(UPDATE_TEXT).count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
