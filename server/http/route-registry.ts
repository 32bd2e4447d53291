/**
 * The app's route list, and the rule that every route says who may call it (server/auth/access.ts):
 * a route that forgets stops start-up. The list is what the route × role matrix and the HTTP fuzz
 * tests walk.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every API route of the app (not HEAD, not the static files): the route × role matrix test's list. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

/** Every route must say who may call it (see auth/access.ts); a route that forgets stops start-up. */
export function assertAccessDeclared(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  registered.set(app, list);
  app.addHook('onRoute', (route) => {
    const fromStatic = route.url === '/*' || route.url.startsWith('/*');
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (!fromStatic && access === undefined && route.method !== 'HEAD') {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    if (fromStatic) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url });
  });
}
