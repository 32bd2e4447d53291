/**
 * The custom fields settings screen's calls (docs/decisions/pos.md "Custom fields settings"):
 * GET /api/custom_field and POST /api/custom_field/save, the admin's ('settings.edit'); everyone
 * else is refused before the body is read (a stranger 401, a shopper, cashier or installer 403).
 */
import type { FastifyInstance } from 'fastify';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import type { CustomFieldAdminService } from '../services/customers/custom-field-admin-service';
import { customFieldSaveSchema } from '../../src/contracts/custom-field-admin';

export function customFieldAdminRoutes(app: FastifyInstance, fields: CustomFieldAdminService): void {
  const admin = { config: { access: allow('settings.edit') } };
  app.get('/api/custom_field', admin, () => fields.list());
  app.post('/api/custom_field/save', admin, (req) => fields.save(parse(customFieldSaveSchema, req.body ?? {})));
}
