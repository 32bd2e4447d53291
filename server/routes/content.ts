/**
 * The storefront's content calls (docs/decisions/storefront.md "Content blocks"; storefront.md §2
 * "Other page elements", §9 blog list). Reads are public (the home page, the site's footer and
 * switches, the blog's pages); edits are the admin's ('content.edit').
 */
import type { FastifyInstance } from 'fastify';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import { dismissedAlerts, type ContentService } from '../services/content/content-service';
import { blogQuerySchema } from '../../src/contracts/content';
import { contentBlockIdSchema, contentBlockSaveSchema, contentSettingsSchema } from '../../src/contracts/content-admin';

export function contentRoutes(app: FastifyInstance, content: ContentService): void {
  const read = { config: { access: allow('public.read') } };
  const edit = { config: { access: allow('content.edit') } };
  app.get('/api/content/page/home', read, (req) => content.home(dismissedAlerts(req.cookies)));
  app.get('/api/content/site', read, () => content.site());
  app.get('/api/content/blog', read, (req) => content.blog(parse(blogQuerySchema, req.query ?? {}).page));
  app.get('/api/content/blocks', edit, () => content.list());
  app.post('/api/content/block/save', edit, (req) => content.save(parse(contentBlockSaveSchema, req.body ?? {})));
  app.post('/api/content/block/delete', edit, (req) => content.remove(parse(contentBlockIdSchema, req.body ?? {}).id));
  app.post('/api/content/settings', edit, (req) =>
    content.setPosLocked(parse(contentSettingsSchema, req.body ?? {}).pos_locked),
  );
}
