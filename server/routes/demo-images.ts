/**
 * GET /image/catalog/demo/{leaf}.svg: the demo catalog's generated pictures (server/db/demo/images.ts,
 * NOTICE.md there), public like any product image. The path mirrors OpenCart's image/catalog/ so a
 * demo product's `image` looks like a shop's. Cached a day by browsers and the service worker's
 * same-origin image cache (docs/decisions/client.md "Service worker and updates").
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import type { DemoImageService } from '../services/demo/demo-image-service';

export function demoImageRoutes(app: FastifyInstance, images: DemoImageService): void {
  app.get<{ Params: { file: string } }>(
    '/image/catalog/demo/:file',
    { config: { access: 'public' } },
    async (req, reply) => {
      const image = images.get(req.params.file);
      if (!image) throw new HttpError(404, 'not_found', 'This image could not be found.');
      reply.header('Cache-Control', 'public, max-age=86400').header('ETag', image.etag);
      if (req.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(image.body);
    },
  );
}
