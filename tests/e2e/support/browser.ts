import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { watchApiCalls } from './api-watch';
import { watchCsp } from './csp-guard';
import { openLink } from './link';

/** Debian's Chromium (installed by .ci/run); never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The features Playwright disables (playwright-core's chromiumSwitches.ts). Chromium reads one
 * `--disable-features` switch, the last, so a test that adds its own must repeat Playwright's;
 * tests/unit/architecture/browser-flags.test.ts fails when a Playwright upgrade changes the list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser UI a headless test never shows: every new window preloads the address bar's WebUI
 * popups (chrome://omnibox-popup.top-chrome/ and its AI-mode page) in a renderer of their own,
 * about 1 CPU-s per browser context, for a popup nobody opens (Puppeteer disables them too).
 */
const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Browser tests only (benchmarks keep the flags above alone): less drawing for the same screens.
 * Reduced motion stops the spinners' and banners' endless animations (the app honours
 * prefers-reduced-motion), and animations and images are not raster-scheduled on their own
 * threads. The browser phase is CPU-bound on 2 cores; these took ~9 % off it.
 * docs/decisions/toolchain.md "CI time, 2026-11-28".
 */
export const TEST_FLAGS = [
  '--force-prefers-reduced-motion',
  '--disable-threaded-animation',
  '--disable-checker-imaging',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
];

/**
 * `networkLink: false` (benchmarks): contexts reach the server directly, with no proxy hop in
 * the figures; their setOffline is Chromium's emulation alone.
 */
export async function launchBrowser(
  opts: {
    networkLink?: boolean;
    /** More Chromium flags (a host-resolver rule, a trusted certificate key). */
    args?: readonly string[];
    /** Shop host names the contexts' links dial on loopback (./link.ts). */
    hosts?: Readonly<Record<string, string>>;
    /**
     * 'block' for a file whose tests never go offline: its contexts run without the service
     * worker, whose install (precaching every built file) was ~45 % of a fresh device's Chromium
     * CPU. The offline tests keep it (docs/decisions/toolchain.md "CI time, 2026-11-29").
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (.ci/run does this)`);
  const args = [...CHROMIUM_FLAGS, ...TEST_FLAGS, ...(opts.args ?? [])];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args, headless: true });
  watchApiCalls(browser);
  // Every context of this browser reports CSP violations (./csp-guard.ts), however a test opens it,
  // and reaches the network through its own link (./link.ts): setOffline cuts the link as well as
  // emulating offline, so no page, worker or service worker of an offline device reaches a server.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const link = options?.proxy || opts.networkLink === false ? null : await openLink({ hosts: opts.hosts ?? {} });
    const sw = opts.serviceWorkers && !options?.serviceWorkers ? { serviceWorkers: opts.serviceWorkers } : {};
    const ctx = await newContext({ ...options, ...sw, ...(link ? { proxy: link.proxy } : {}) });
    await watchCsp(ctx);
    if (link) {
      const setOffline = ctx.setOffline.bind(ctx);
      ctx.setOffline = async (offline: boolean) => {
        link.cut(offline);
        await setOffline(offline);
      };
      ctx.on('close', () => void link.close());
    }
    return ctx;
  };
  // (browser.newPage opens its context through this.newContext: covered too.)
  return browser;
}

/** A fresh profile per test: its own IndexedDB, cookies and service workers. */
export async function newContext(browser: Browser, viewport = { width: 1024, height: 768 }): Promise<BrowserContext> {
  return browser.newContext({ viewport, baseURL: undefined, locale: 'en-US', timezoneId: 'America/Chicago' });
}

export function tmpProfile(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'pd-chromium-'));
}
