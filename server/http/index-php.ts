/**
 * The spec routes many calls through `index.php?route=...` (storefront.md §7: product page,
 * forms, dealer locator, checkout). Fastify allows one handler per method and path, so every area
 * registers its `route` values here instead of its own `/index.php` route:
 *
 *   indexPhp(app).get('product/product/getLocations', 'public', (req) => ...);
 *   indexPhp(app).post('checkout/confirm/createOrder', SIGNED_IN, (req, reply) => ...);
 *
 * A route value may also be a RegExp (`/^checkout\/[a-z_]+\/remove$/`). Access is checked here per
 * route value with the same rule as config.access (guests 401, other roles 403); the CSRF check of
 * the guard applies to every POST as usual, and to a GET registered with `changesState`. A browser navigation to /index.php (the search page,
 * index.php?route=product/search) gets the app shell through the not-found handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { roleOf, type Access } from '../auth/access';
import { requireCsrf } from '../auth/guard';
import { forbidden, notFound, unauthorized } from './errors';
import { isNavigation } from './navigation';

export type IndexPhpHandler = (req: FastifyRequest, reply: FastifyReply) => unknown;

interface Entry {
  route: string | RegExp;
  access: Access;
  handler: IndexPhpHandler;
  /** A GET that changes data (the spec keeps it a GET): checked for the CSRF token like a POST. */
  changesState?: boolean;
}

export interface IndexPhpRouter {
  get(route: string | RegExp, access: Access, handler: IndexPhpHandler, opts?: { changesState?: boolean }): void;
  post(route: string | RegExp, access: Access, handler: IndexPhpHandler): void;
}

const routers = new WeakMap<FastifyInstance, IndexPhpRouter>();
const tables = new WeakMap<FastifyInstance, Record<'GET' | 'POST', Entry[]>>();

/** Every registered `route` value (a RegExp's as its source): the route × role matrix test's list. */
export function indexPhpRoutes(app: FastifyInstance): { method: 'GET' | 'POST'; route: string | RegExp }[] {
  const table = tables.get(app);
  if (!table) return [];
  return (['GET', 'POST'] as const).flatMap((method) => table[method].map((e) => ({ method, route: e.route })));
}

export function indexPhp(app: FastifyInstance): IndexPhpRouter {
  const existing = routers.get(app);
  if (existing) return existing;
  const table: Record<'GET' | 'POST', Entry[]> = { GET: [], POST: [] };
  tables.set(app, table);

  const find = (method: 'GET' | 'POST', route: string) =>
    table[method].find((e) => (typeof e.route === 'string' ? e.route === route : e.route.test(route)));

  const dispatch = (method: 'GET' | 'POST') => async (req: FastifyRequest, reply: FastifyReply) => {
    if (isNavigation(req)) return reply.callNotFound();
    const raw = (req.query as { route?: unknown }).route;
    const route = typeof raw === 'string' ? raw.replace(/^\/+|\/+$/g, '') : '';
    const entry = find(method, route);
    if (!entry) throw notFound(`No such call: ${method} /index.php?route=${route.slice(0, 80)}`);
    if (entry.access !== 'public') {
      const role = roleOf(req.user);
      if (!entry.access.includes(role)) throw role === 'guest' ? unauthorized() : forbidden();
    }
    if (entry.changesState) requireCsrf(req);
    return entry.handler(req, reply);
  };

  // The real access check is per route value, in dispatch; the declaration satisfies app.ts.
  app.get('/index.php', { config: { access: 'public' } }, dispatch('GET'));
  app.post('/index.php', { config: { access: 'public' } }, dispatch('POST'));

  const router: IndexPhpRouter = {
    get: (route, access, handler, opts) =>
      void table.GET.push({ route, access, handler, ...(opts?.changesState ? { changesState: true } : {}) }),
    post: (route, access, handler) => void table.POST.push({ route, access, handler }),
  };
  routers.set(app, router);
  return router;
}

/** The same registration as one call: `indexPhpRoute(app, 'GET', /^checkout\/\w+\/remove$/, access, handler)`. */
export function indexPhpRoute(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  route: string | RegExp,
  access: Access,
  handler: IndexPhpHandler,
  opts?: { changesState?: boolean },
): void {
  const router = indexPhp(app);
  if (method === 'GET') router.get(route, access, handler, opts);
  else router.post(route, access, handler);
}
