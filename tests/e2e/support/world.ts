import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startE2EServer, type E2EServer } from './server';

export interface E2EWorld {
  readonly srv: E2EServer;
  readonly browser: Browser;
}

/**
 * The real server and headless Chromium a test file shares: started together before its tests,
 * closed after them (registers the file's beforeAll/afterAll). Read `srv`/`browser` inside tests.
 */
export function e2eWorld(
  opts?: Parameters<typeof startE2EServer>[0],
  browserOpts?: Parameters<typeof launchBrowser>[0],
): E2EWorld {
  let srv: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(opts), launchBrowser(browserOpts)]);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });
  const started = <T>(x: T | undefined, what: string): T => {
    if (x === undefined) throw new Error(`e2eWorld: ${what} is read before beforeAll started it`);
    return x;
  };
  return {
    get srv() {
      return started(srv, 'the server');
    },
    get browser() {
      return started(browser, 'the browser');
    },
  };
}
