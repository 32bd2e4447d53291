/**
 * The custom forms' admin calls (docs/decisions/storefront.md "Custom forms admin"; 'forms.admin'):
 * - GET /api/custom-forms: the forms with their counts;
 * - GET /api/custom-forms/:id: one form to edit;
 * - POST /api/custom-forms/save: create or edit a form and its fields;
 * - GET /api/custom-forms/:id/submissions?page: its submissions, newest first.
 * Not under /api/forms/: that path's `:slug` is the public form (a form named "admin" must still work).
 */
import type { FastifyInstance } from 'fastify';
import { customFormSaveSchema, formIdParamsSchema, submissionsQuerySchema } from '../../src/contracts/forms-admin';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import type { FormAdminService } from '../services/forms/form-admin-service';

export function formAdminRoutes(app: FastifyInstance, forms: FormAdminService): void {
  const admin = { config: { access: allow('forms.admin') } };
  app.get('/api/custom-forms', admin, () => forms.list());
  app.post('/api/custom-forms/save', admin, (req) => forms.save(parse(customFormSaveSchema, req.body ?? {})));
  app.get('/api/custom-forms/:id', admin, (req) => forms.get(parse(formIdParamsSchema, req.params).id));
  app.get('/api/custom-forms/:id/submissions', admin, (req) =>
    forms.submissions(parse(formIdParamsSchema, req.params).id, parse(submissionsQuerySchema, req.query ?? {}).page),
  );
}
