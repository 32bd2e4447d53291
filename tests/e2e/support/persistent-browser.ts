import fs from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, TEST_FLAGS, tmpProfile } from './browser';
import { watchApiCalls } from './api-watch';
import { watchCsp } from './csp-guard';

export interface PersistentBrowser {
  ctx: BrowserContext;
  /** Closes Chromium and removes its profile. */
  close(): Promise<void>;
}

/**
 * Debian's Chromium on a fresh on-disk profile. Contexts of `browser.newContext()` are incognito,
 * which Chromium never treats as installable; installability checks need this one.
 */
export async function launchPersistentBrowser(): Promise<PersistentBrowser> {
  const profile = tmpProfile();
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, ...TEST_FLAGS],
    headless: true,
    viewport: { width: 1024, height: 768 },
    locale: 'en-US',
  });
  watchApiCalls(ctx);
  await watchCsp(ctx);
  return {
    ctx,
    async close() {
      await ctx.close();
      // Chromium may still be flushing the profile for a moment after it closed.
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
