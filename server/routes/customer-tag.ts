/**
 * The Tags tab's calls (pos-back-office.md §7 "GET /api/customer_tag/?customerId={id}; POST
 * /api/customer_tag/save?customerId={id} with tags"), staff only, plus POST /api/customer_tag/create
 * (title), where the reply's createTagUrl leads (docs/decisions/pos.md "Customer IP addresses and tags").
 */
import type { FastifyInstance } from 'fastify';
import { allow } from '../auth/permissions';
import { staffActor } from '../commands/actor';
import { parse } from '../http/parse';
import type { CustomerTagService } from '../services/customers/customer-tag-service';
import { customerTagQuerySchema, customerTagSaveSchema, tagCreateSchema } from '../../src/contracts/customer-tag';

export function customerTagRoutes(app: FastifyInstance, tags: CustomerTagService): void {
  app.get('/api/customer_tag/', { config: { access: allow('customer.read') } }, (req) =>
    tags.get(parse(customerTagQuerySchema, req.query ?? {}).customerId),
  );
  app.post('/api/customer_tag/save', { config: { access: allow('customer.edit') } }, (req) => {
    const q = parse(customerTagQuerySchema, req.query ?? {});
    // A form posts `tags[]=1&tags[]=2`; JSON posts `{"tags": [1, 2]}`.
    const b = (req.body ?? {}) as Record<string, unknown>;
    return tags.save(
      staffActor(req.user),
      q.customerId,
      parse(customerTagSaveSchema, { tags: b.tags ?? b['tags[]'] }).tags,
    );
  });
  app.post('/api/customer_tag/create', { config: { access: allow('customer.edit') } }, (req) =>
    tags.create(parse(tagCreateSchema, req.body ?? {}).title),
  );
}
