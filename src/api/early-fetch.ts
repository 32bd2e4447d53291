/**
 * The first API read of a page, started by index.html's inline script while the app's code is
 * still downloading (a shopper's first visit on a slow phone otherwise waits for the whole bundle,
 * then for the lazy route, and only then asks for the data). `request()` takes the response here
 * when the path matches exactly; anything else, a second read of the same path, or an early fetch
 * that failed (offline) falls back to an ordinary fetch. Taking is once only: the response body
 * can be read once.
 */
import { FIRST_DATA_ELEMENT_ID } from '../contracts/first-screen';

interface EarlyFetch {
  path: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** Set by the inline script in index.html; see there for which pages start one. */
    __pdEarly?: EarlyFetch | null;
  }
}

/**
 * The reply the server embedded in the page for `path` (server/http/first-screen.ts), once: the
 * element goes with it, so a later read of the same path asks the server. `data-status="404"`: the
 * API's 404 for a link to nothing, answered as such.
 */
function takeEmbedded(path: string): Promise<Response> | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById(FIRST_DATA_ELEMENT_ID);
  if (!el || el.dataset.path !== path) return null;
  el.remove();
  const status = el.dataset.status === '404' ? 404 : 200;
  return Promise.resolve(new Response(el.textContent, { status, headers: { 'Content-Type': 'application/json' } }));
}

/** The early response for `path`, once; null when there is none. */
export function takeEarlyResponse(path: string): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const embedded = takeEmbedded(path);
  if (embedded) return embedded;
  const early = window.__pdEarly;
  if (!early || early.path !== path) return null;
  window.__pdEarly = null;
  return early.response;
}
