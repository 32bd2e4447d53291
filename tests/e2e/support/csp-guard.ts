/**
 * Every e2e test fails on a Content-Security-Policy violation: each browser
 * context the support code opens reports `securitypolicyviolation` events and Chromium's own
 * "Refused to ... Content Security Policy" console errors here, and the afterEach hook of this
 * setup file (vitest.config.ts, e2e project) fails the test that caused one.
 */
import type { BrowserContext, Page } from 'playwright-core';

const MARK = 'pd-csp-violation:';
const violations: string[] = [];

/** Violations seen since the last check; the check empties the list. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}

function watchPage(page: Page): void {
  page.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith(MARK) || (msg.type() === 'error' && /Content Security Policy/i.test(text)))
      violations.push(`${page.url()}: ${text}`);
  });
}

export async function watchCsp(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript((mark: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `${mark} ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  }, MARK);
  for (const page of ctx.pages()) watchPage(page);
  ctx.on('page', watchPage);
}
