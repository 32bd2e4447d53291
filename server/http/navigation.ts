import type { FastifyRequest } from 'fastify';

/**
 * The spec uses some paths both as a page and as a call (/pos/checkout, /pos/order/invoice,
 * /pos/customer/search). A browser navigation gets the app shell; anything else is the API.
 * Paths that are only ever machine calls (/api, /sync, /healthz) never get the shell.
 */
export function isNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0] ?? '/';
  if (/^\/(api|sync)(\/|$)/.test(path) || path === '/healthz') return false;
  const mode = req.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') && !req.headers['x-requested-with'];
}
