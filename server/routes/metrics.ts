/**
 * `GET /metrics`: Prometheus text (server/http/metrics.ts). Not public: an admin's session, or
 * `Authorization: Bearer <METRICS_TOKEN>` for a scraper, which holds no session (docs/security.md
 * "Metrics"). The route is declared public so a session-less scraper reaches this check; everyone
 * else is answered here as the guard would: 401 without a session, 403 with a non-admin one.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import type { Metrics } from '../http/metrics';

export function metricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', { config: { access: 'public' } }, async (req, reply) => {
    if (!bearerMatches(req, token)) {
      if (!req.user) throw unauthorized();
      if (req.user.role !== 'admin') throw forbidden();
    }
    const text = await metrics.text();
    return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}

function bearerMatches(req: FastifyRequest, token: string | undefined): boolean {
  const sent = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token || !sent) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(token));
}
