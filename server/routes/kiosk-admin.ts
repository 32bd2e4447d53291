/**
 * The kiosk's staff calls (docs/decisions/storefront.md "Kiosk settings and video report"), the
 * admin's like the other settings screens ('kiosk.configure'):
 * - GET /api/kiosk/settings, POST /api/kiosk/settings: the Kiosk config (storefront.md §3);
 * - GET /api/kiosk/videos/report?from&to: the splash video views per video and per day.
 */
import type { FastifyInstance } from 'fastify';
import { kioskSettingsSchema, kioskVideoReportQuerySchema } from '../../src/contracts/kiosk-admin';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import type { KioskAdminService } from '../services/kiosk/kiosk-admin-service';

export function kioskAdminRoutes(app: FastifyInstance, kiosk: KioskAdminService): void {
  const admin = { config: { access: allow('kiosk.configure') } };
  app.get('/api/kiosk/settings', admin, () => kiosk.settings());
  app.post('/api/kiosk/settings', admin, (req) => kiosk.save(parse(kioskSettingsSchema, req.body ?? {})));
  app.get('/api/kiosk/videos/report', admin, (req) =>
    kiosk.videoReport(parse(kioskVideoReportQuerySchema, req.query ?? {})),
  );
}
