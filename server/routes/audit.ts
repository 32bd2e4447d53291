/**
 * GET /api/audit: the audit log (voids, price overrides, tax-exempt changes, store credit, discarded
 * conflicts), newest first, paged. Admins only: cashiers, installers and shoppers 403, guests 401.
 */
import type { FastifyInstance } from 'fastify';
import { auditQuerySchema, type AuditReply } from '../../src/contracts/audit';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import type { AuditService } from '../services/session/audit-service';

export function auditRoutes(app: FastifyInstance, audit: AuditService): void {
  app.get('/api/audit', { config: { access: allow('audit.read') } }, (req): Promise<AuditReply> => {
    const q = parse(auditQuerySchema, req.query);
    return audit.list(q.page, q.limit, q.kind);
  });
}
