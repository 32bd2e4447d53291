import type { Page } from 'playwright-core';

/** Polls `check` until it is true (usable in hooks, where vitest's expect.poll is not). */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the service worker is active, then reloads once so this page (and the requests it
 * makes: the catalog call, route chunks) goes through it, and checks it controls the page.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await waitFor(
    () => page.evaluate(() => navigator.serviceWorker.controller?.state === 'activated'),
    'service worker controls the page',
  );
}

/** Names of the entries in one Cache Storage cache of the page's origin. */
export async function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((r) => r.url);
  }, cacheName);
}
