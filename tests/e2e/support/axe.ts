import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements (at most 5 per rule). */
  targets: string[];
}

/**
 * axe-core's serious and critical violations on the page as it is now (every rule axe runs by
 * default: WCAG 2.x A and AA plus best practices). Minor and moderate findings are not asserted:
 * the bar is docs/style.md "Accessibility" (nothing that blocks a screen reader or keyboard user).
 */
export async function seriousViolations(page: Page): Promise<A11yViolation[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}
