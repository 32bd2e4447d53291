/**
 * The dealer locator page's lazy chunk, and the module once it has loaded: the index.php route's
 * first-load loader (first-render.ts) fetches it, so the first frame renders the page at once
 * instead of a Suspense fallback over the server's markup (docs/decisions/storefront.md "Dealer
 * locator: first screen").
 */
import type { ComponentType } from 'react';

let loaded: ComponentType | null = null;

export function loadLocatorPage(): Promise<{ default: ComponentType }> {
  return import('../storefront/locator/locator-page').then((m) => {
    loaded = m.default;
    return { default: m.default };
  });
}

/** The page's component when its code is in, else null. */
export const loadedLocatorPage = (): ComponentType | null => loaded;
