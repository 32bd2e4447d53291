/**
 * The tag manager snippet (docs/decisions/storefront.md "Marketing events"): loaded only when the
 * server names a container (TAG_MANAGER_ID; the CSP then allows its host) and only after the first
 * paint (storefront/content/site-chrome.tsx is itself loaded then). Once per page.
 */
import { dataLayer } from './data-layer';

export const TAG_MANAGER_SCRIPT_ID = 'pd-tag-manager';

export function loadTagManager(containerId: string): void {
  if (!/^GTM-[A-Z0-9]{4,12}$/.test(containerId) || document.getElementById(TAG_MANAGER_SCRIPT_ID)) return;
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = TAG_MANAGER_SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.appendChild(script);
}
