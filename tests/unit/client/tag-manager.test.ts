/**
 * The tag manager snippet (src/features/marketing/tag-manager.ts; docs/decisions/storefront.md
 * "Marketing events"): appended once, only for a container id, after the events already queued on
 * dataLayer. When it runs (after the first paint, never for staff) is site-chrome.tsx's job; what
 * the CSP allows is tests/unit/server/tag-manager-csp.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadTagManager, TAG_MANAGER_SCRIPT_ID } from '../../../src/features/marketing/tag-manager';

interface FakeScript {
  id: string;
  async: boolean;
  src: string;
}

/** Just the DOM calls the snippet makes: getElementById, createElement('script'), head.appendChild. */
function fakePage(dataLayer?: unknown[]) {
  const appended: FakeScript[] = [];
  const doc = {
    getElementById: (id: string) => appended.find((s) => s.id === id) ?? null,
    createElement: (tag: string) => {
      expect(tag).toBe('script');
      return { id: '', async: false, src: '' } satisfies FakeScript;
    },
    head: { appendChild: (s: FakeScript) => appended.push(s) },
  };
  const win = { dataLayer } as { dataLayer?: unknown[] };
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', win);
  return { appended, win };
}

describe('tag manager snippet', () => {
  it('appends gtm.js for the container once, after what dataLayer already holds', () => {
    const queued = [{ event: 'view_item_list' }];
    const { appended, win } = fakePage(queued);
    loadTagManager('GTM-AB12CD3');
    loadTagManager('GTM-AB12CD3');
    expect(appended).toEqual([
      { id: TAG_MANAGER_SCRIPT_ID, async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3' },
    ]);
    expect(win.dataLayer).toBe(queued);
    expect(win.dataLayer).toEqual([{ event: 'view_item_list' }, { 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });

  it('loads nothing for anything but a container id', () => {
    const { appended, win } = fakePage();
    for (const id of ['', 'UA-1234-1', 'GTM-ab12cd3', 'GTM-AB12CD3"><script>', 'GTM-ABC']) loadTagManager(id);
    expect(appended).toEqual([]);
    expect(win.dataLayer).toBeUndefined();
  });
});
