import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * A screenshot for a person to look at (docs/style.md "Tests": look at the screens at tablet and
 * phone sizes), written to `$E2E_SHOTS/<name>.png` only when E2E_SHOTS names a directory: `npm test`
 * asserts on the page, and drawing a full-page PNG costs a loaded 2-core machine up to a second.
 */
export async function shot(
  page: Pick<Page, 'screenshot'>,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), ...opts });
}
