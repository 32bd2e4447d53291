/**
 * The browser tests pass their own `--disable-features` (tests/e2e/support/browser.ts TEST_FLAGS).
 * Chromium reads only the last such switch, so ours must repeat every feature Playwright disables
 * itself: this reads Playwright's list from the installed playwright-core and fails when an upgrade
 * adds one ours lacks.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYWRIGHT_DISABLED_FEATURES, TEST_FLAGS } from '../../e2e/support/browser';

function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const lib = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib');
  const bundle = fs.readFileSync(path.join(lib, 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  if (!list) throw new Error("playwright-core's disabledFeatures list was not found: check chromiumSwitches");
  return [...list.matchAll(/^\s*(?:[^/\n]*?)"([A-Za-z0-9]+)"/gm)].map((m) => m[1]!);
}

describe('browser test flags', () => {
  it('repeat every feature Playwright disables, in the one --disable-features switch', () => {
    const theirs = playwrightDisabledFeatures();
    expect(theirs.length).toBeGreaterThan(5);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...theirs].sort());
    const switches = TEST_FLAGS.filter((f) => f.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const ours = switches[0]!.slice('--disable-features='.length).split(',');
    for (const f of theirs) expect(ours).toContain(f);
    expect(ours).toContain('WebUIOmniboxPopup');
  });
});
